import GalgenRendering
import Testing

struct PaginationTests {
    @Test(arguments: [(0, 48, [0..<0]), (1, 48, [0..<1]), (48, 48, [0..<48]), (49, 48, [0..<48, 48..<49]),
                      (1000, 48, (0..<20).map { $0 * 48..<($0 + 1) * 48 } + [960..<1000])])
    func splitsIntoPages(count: Int, size: Int, expected: [Range<Int>]) {
        #expect(Pagination.pages(count: count, pageSize: size) == expected)
    }

    @Test func pageOfItemAndFolders() {
        #expect(Pagination.page(ofItem: 0, pageSize: 48) == 1)
        #expect(Pagination.page(ofItem: 47, pageSize: 48) == 1)
        #expect(Pagination.page(ofItem: 48, pageSize: 48) == 2)
        #expect(Pagination.folder(ofPage: 1) == "")
        #expect(Pagination.folder(ofPage: 7) == "page/7/")
    }

    @Test func pagerWindowShowsEndsAndNeighbours() {
        #expect(Pagination.window(current: 1, total: 1) == [1])
        #expect(Pagination.window(current: 1, total: 10) == [1, 2, 3, nil, 10])
        #expect(Pagination.window(current: 6, total: 21) == [1, nil, 4, 5, 6, 7, 8, nil, 21])
        #expect(Pagination.window(current: 4, total: 5) == [1, 2, 3, 4, 5])
    }
}

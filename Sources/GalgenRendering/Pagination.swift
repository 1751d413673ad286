/// Splits a collection into gallery pages.
public enum Pagination {
    /// The item ranges of each page. An empty collection still has one (empty) page.
    /// - Parameters:
    ///   - count: Number of items.
    ///   - pageSize: Items per page, at least 1.
    public static func pages(count: Int, pageSize: Int) -> [Range<Int>] {
        precondition(pageSize > 0, "pageSize must be positive")
        if count == 0 { return [0..<0] }
        return stride(from: 0, to: count, by: pageSize).map { $0..<min($0 + pageSize, count) }
    }

    /// The page (1-based) that shows item `index`.
    /// - Parameters:
    ///   - index: 0-based item index.
    ///   - pageSize: Items per page.
    public static func page(ofItem index: Int, pageSize: Int) -> Int { index / pageSize + 1 }

    /// Folder of gallery page `number` below the collection's folder: `""` for 1, `page/N/` after.
    /// - Parameter number: 1-based page number.
    public static func folder(ofPage number: Int) -> String { number == 1 ? "" : "page/\(number)/" }

    /// Page numbers a pager shows around `current`: 1, the last, and current ± 2; nil marks a gap.
    /// - Parameters:
    ///   - current: The current page.
    ///   - total: Number of pages.
    public static func window(current: Int, total: Int) -> [Int?] {
        var shown = Set([1, total])
        for n in (current - 2)...(current + 2) where (1...total).contains(n) { shown.insert(n) }
        var result: [Int?] = []
        var previous = 0
        for n in shown.sorted() {
            if n > previous + 1 { result.append(nil) }
            result.append(n)
            previous = n
        }
        return result
    }
}

import Testing
@testable import GalgenRendering

/// The stylesheet trimmer: comments, indentation and blank lines go; strings, addresses and tokens stay.
@Suite struct StyleTrimmerTests {
    private func trim(_ source: String) -> String {
        String(decoding: StyleTrimmer.trim(Array(source.utf8)), as: UTF8.self)
    }

    @Test func commentsIndentationAndBlankLinesGo() {
        let source = """
        /* header
           over two lines */

        :root {
          --gap: 12px; /* trailing */
          /* a line of its own */
          color: red;   \t
        }


        a { color: /* inside */ blue; }
        """
        #expect(trim(source) == """
        :root {
        --gap: 12px;
        color: red;
        }
        a { color: blue; }
        """)
        #expect(trim("") == "" && trim("/* only */\n") == "" && trim("a{}/* unclosed") == "a{}")
    }

    @Test func commentMarksInStringsAndAddressesAreText() {
        let source = #"""
        .a::before { content: "/* not a comment */"; } /* gone */
        .b::after { content: '*/ \' /*'; }
        .c { background: url(https://example.org/a/*b*/c.png) /* gone */; }
        .d { background: URL( "x/*y.png" ) , url('/*z*/'); }
        .e { background: myurl(/* gone */x); }
        """#
        #expect(trim(source) == #"""
        .a::before { content: "/* not a comment */"; }
        .b::after { content: '*/ \' /*'; }
        .c { background: url(https://example.org/a/*b*/c.png) ; }
        .d { background: URL( "x/*y.png" ) , url('/*z*/'); }
        .e { background: myurl(x); }
        """#)
    }

    @Test func aCommentBetweenTwoTokensKeepsThemApart() {
        // `a/**/b` is two idents, `ab` one; `div/**/p` must not become `divp` (nor `div p`, a descendant).
        #expect(trim("div/* x */p { margin:0/**/1px }") == "div/**/p { margin:0/**/1px }")
        #expect(trim("div /* x */p, a/* x */ b") == "div p, a b")
        #expect(trim("a:/* x */hover, b/* x */{ c: f(/* x */1/* x */) }") == "a:hover, b{ c: f(1) }")
        #expect(trim("x { y: url/* x */(z) }") == "x { y: url/**/(z) }")
    }

    @Test func trimmingIsIdempotent() {
        let source = "a/* x */b {\n  c: /* d */ e; /* f */\n}\n/* g */\n\nh { i: url(j/*k*/) }\n"
        let once = StyleTrimmer.trim(Array(source.utf8))
        #expect(StyleTrimmer.trim(once) == once)
    }
}

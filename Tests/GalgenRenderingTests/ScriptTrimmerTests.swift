import Foundation
import GalgenTestSupport
import Testing
@testable import GalgenRendering

/// The JavaScript trimmer on the cases a line-by-line comment stripper gets wrong.
@Suite struct ScriptTrimmerTests {
    private func trim(_ source: String) -> String {
        String(decoding: ScriptTrimmer.trim(Array(source.utf8)), as: UTF8.self)
    }

    @Test func commentMarksInStringsAreText() {
        #expect(trim(#"const a = '// not a comment', b = "/* nor this */"; // gone"#)
            == #"const a = '// not a comment', b = "/* nor this */";"#)
        #expect(trim(#"const c = 'it\'s // here', d = "say \"/*\""; /* gone */"#)
            == #"const c = 'it\'s // here', d = "say \"/*\"";"#)
        // `*/` in a string ends no comment, and a comment ends at its first `*/`, quotes or not
        #expect(trim(#"/* a 'quote */ const s = "*/"; /* b */ const t = '/*'; /* "c */"#)
            == #"const s = "*/"; const t = '/*';"#)
    }

    @Test func templateLiteralsAreCopiedAndOnlyTheirCodeIsTrimmed() {
        let source = #"""
        const t = `a // kept
        // kept at the start of a line
            /* kept, indented */ ${ x /* gone */ } and ${`a${b}`} then ${ {k: '}'}.k } end`; // gone
        const u = `${`${`deep ${ n // gone
        }`}`}`;
        """#
        #expect(trim(source) == #"""
        const t = `a // kept
        // kept at the start of a line
            /* kept, indented */ ${ x } and ${`a${b}`} then ${ {k: '}'}.k } end`;
        const u = `${`${`deep ${ n
        }`}`}`;
        """#)
    }

    @Test func regularExpressionsAreCopiedWhateverTheyHold() {
        #expect(trim(#"const r = /\/\/ "'`/g, q = /[/*]`/, u = /a\/*b/, v = /'/; // gone"#)
            == #"const r = /\/\/ "'`/g, q = /[/*]`/, u = /a\/*b/, v = /'/;"#)
        #expect(trim("if (ok) /\\/\\//.test(s) // after a control statement's )\n")
            == "if (ok) /\\/\\//.test(s)\n")
        #expect(trim("x = typeof /\\/\\//; y = cond ? /'/ : /\"/; z = [/`/, /\\//] // gone\n")
            == "x = typeof /\\/\\//; y = cond ? /'/ : /\"/; z = [/`/, /\\//]\n")
        #expect(trim("switch (k) {\ncase /\\/\\*/.source: return /'/\n}\n") == "switch (k) {\ncase /\\/\\*/.source: return /'/\n}\n")
    }

    @Test func aSlashAfterAnOperandIsADivision() {
        // Taken for a regular expression, each `/ … /` would swallow the comment after it.
        let source = """
        x = a / b // half
        y = (a + b) / 2 // mean
        z = arr[0] / 4 /* quarter */
        w = a
          / b // across a line break, still a division
        v = obj.in / 2 // a property named like a keyword
        t = `${a}` / 2 // a template
        s = 1.5 / n // a number
        """
        #expect(trim(source) == """
        x = a / b
        y = (a + b) / 2
        z = arr[0] / 4
        w = a
        / b
        v = obj.in / 2
        t = `${a}` / 2
        s = 1.5 / n
        """)
    }

    @Test func aCommentNeverJoinsTokensNorLinesThatAutomaticSemicolonInsertionParts() {
        let source = """
        function f() {
          return // nothing follows
            1;
        }
        function g() {
          return /* spans
          lines */ 2;
        }
        function h() {
          return /* same line */ 3;
        }
        const j = a/* x */b, k = c/*
        */d;
        """
        #expect(trim(source) == """
        function f() {
        return
        1;
        }
        function g() {
        return
        2;
        }
        function h() {
        return 3;
        }
        const j = a b, k = c
        d;
        """)
    }

    @Test func blankLinesIndentationAndTrailingBlanksGoTheRestStays() {
        let source = "\n\n  // header\n\t\tconst a = 1;   \n\n   \n  /* block\n   */\n  export { a };  // end"
        #expect(trim(source) == "const a = 1;\nexport { a };")
        #expect(trim("") == "" && trim("// only a comment") == "" && trim("/* unclosed") == "")
    }

    @Test func trimmedCodeComputesWhatTheSourceComputes() throws {
        // One module, run by node as written and trimmed: the printed values must be the same.
        let source = #"""
        // A module whose values depend on every rule the trimmer must keep.
        function f() {
          return // automatic semicolon insertion: undefined
            1;
        }
        function g() {
          return /* a comment over
          two lines counts as a line break */ 2;
        }
        function h() { return /* inline */ 3; }
        const a = 12, b = 3, half = a / b / 2 /* 2 */, re = /\/\/ "'`[/*]/g;
        const text = `// kept ${a /* gone */ + b} /* kept */ ${`${'}'}`}`;
        const spread = [...'ab'].length / 2;
        let n = 0;
        if (a) /x/.test('x') && n++;
        console.log(JSON.stringify([f(), g(), h(), half, re.source, text, spread, n, '/* s */', "// d"]));
        """#
        let trimmed = ScriptTrimmer.trim(Array(source.utf8))
        let directory = try TemporaryDirectory(prefix: "galgen-trim")
        defer { directory.remove() }
        let before = try NodeRunner.module(Array(source.utf8), named: "before.mjs", in: directory)
        let after = try NodeRunner.module(trimmed, named: "after.mjs", in: directory)
        #expect(before.status == 0, "\(before.output)")
        #expect(after.status == 0 && after.output == before.output, "\(after.output)\n\(String(decoding: trimmed, as: UTF8.self))")
        #expect(before.output.hasPrefix(#"[null,null,3,2,"#))
        #expect(!String(decoding: trimmed, as: UTF8.self).contains("gone"))
    }

    @Test func trimmingIsIdempotent() {
        let sources = [
            "a /* x */ b // c\n\n  d = `/* t */ ${ e /* f */ }`\nreturn /*\n*/ g\n",
            "x = y / z // w\nif (q) /\\/\\//.test(r)\n",
        ]
        for source in sources {
            let once = ScriptTrimmer.trim(Array(source.utf8))
            #expect(ScriptTrimmer.trim(once) == once, "\(source)")
        }
    }
}

/// Bad pages with the validator's exact output, so a change to the validator's results cannot go unnoticed.
///
/// Each case lists every issue as `page:line:column: message [code]`, in the validator's order. libxml2's
/// own messages (`not-well-formed`) are left out of the text: only their place and code are pinned.
/// Non-ASCII text is written with `\u{…}` escapes so it is visible.
enum PinnedPages {
    struct Case: Sendable {
        let name: String
        let path: String
        let html: String
        let expected: [String]
    }

    /// The files of the site every case validates against.
    static let files: Set<String> = [
        "index.html", "assets/s.css", "img/a.jpg", "img/a b.jpg", "img/caf\u{E9}.jpg", "people/index.html",
        "people/x/index.html", "people/page/2/index.html", "docs/readme",
    ]

    /// A page with `body` in its `<body>`, which starts on line 9.
    static func page(_ body: String, head: String = "", stylesheet: String = "../../assets/s.css") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8" />
        <title>T</title>
        <link rel="stylesheet" href="\(stylesheet)" />\(head)
        </head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    static let cases: [Case] = [
        Case(name: "relative links", path: "people/x/index.html", html: page("""
            <a href="../../">a</a> <a href="../">b</a> <a href="../../../">c</a> <a href="../../../../etc/passwd">d</a>
            <a href="/../x">e</a> <a href="/">f</a> <a href="/people">g</a> <a href="missing/">h</a> <a href="missing">i</a>
            <a href="../y/?q=1">j</a> <a href="?q=1">k</a> <a href="./././">l</a> <a href="..//..//img//a.jpg">m</a>
            <a href="x#y?z">n</a> <a href="x?y#z">o</a> <a href="/docs/readme">p</a> <a href="/docs/readme/">q</a>
            <a href="../../people">r</a> <a href="../../people/.">s</a> <a href="../../people/x/..">t</a> <a href="..">u</a>
            <a href=".">v</a> <a href=".?">w</a> <a href="/./people//x/./">x</a> <a href="../../img/a.jpg/">y</a>
            """), expected: [
            "people/x/index.html:9:44: <a href=\"../../../\"> points outside the site [outside-site]",
            "people/x/index.html:9:70: <a href=\"../../../../etc/passwd\"> points outside the site [outside-site]",
            "people/x/index.html:10:1: <a href=\"/../x\"> points outside the site [outside-site]",
            "people/x/index.html:10:65: <a href=\"missing/\"> does not resolve to a file of the output (people/x/missing/index.html) [broken-link]",
            "people/x/index.html:10:90: <a href=\"missing\"> does not resolve to a file of the output (people/x/missing) [broken-link]",
            "people/x/index.html:11:1: <a href=\"../y/?q=1\"> does not resolve to a file of the output (people/y/index.html) [broken-link]",
            "people/x/index.html:12:1: <a href=\"x#y?z\"> does not resolve to a file of the output (people/x/x) [broken-link]",
            "people/x/index.html:12:23: <a href=\"x?y#z\"> does not resolve to a file of the output (people/x/x) [broken-link]",
            "people/x/index.html:12:74: <a href=\"/docs/readme/\"> does not resolve to a file of the output (docs/readme/index.html) [broken-link]",
            "people/x/index.html:14:70: <a href=\"../../img/a.jpg/\"> does not resolve to a file of the output (img/a.jpg/index.html) [broken-link]",
        ]),
        Case(name: "percent-encoding, whitespace and schemes", path: "people/x/index.html", html: page("""
            <a href="../../img/a%20b.jpg">a</a> <a href="../../img/caf%C3%A9.jpg">b</a> <a href="../../img/caf\u{E9}.jpg">c</a>
            <a href="../../img/%C3.jpg">d</a> <a href="../../img/a%2Fb.jpg">e</a> <a href="%2E%2E/%2E%2E/%2E%2E/x">f</a>
            <a href="../../img/%ZZ%4">g</a> <a href="../../img/a%2ejpg">h</a> <a href="  ../  ">i</a> <a href="\u{A0}../nope\u{A0}">j</a>
            <a href="   ">k</a> <a href="&#10;../q&#13;&#10;">l</a> <a href="&#9;">m</a> <a href="\u{2028}../r">n</a>
            <a href="//cdn.example.com/x.js">o</a> <a href="HTTPS://example.com/">p</a> <a href="mailto:a@b.c">q</a>
            <a href="JavaScript:alert(1)">r</a> <a href="vbscript:x">s</a> <a href="data:text/html,x">t</a> <a href=" javascript:x">u</a>
            <img src="data:image/png;base64,AAAA" width="1" height="1" alt="" /> <a href="1abc:x">v</a> <a href="a b:c">w</a>
            <a href="a+b-c.d:x">x</a> <a href="a_b:x">y</a> <a href=":x">z</a> <a href="tel:1">0</a> <a href="\u{E9}:x">1</a>
            <a href="#\u{301}x">2</a> <a href="x/\u{301}">3</a> <a href="..\u{301}/">4</a> <a href="../y/%CC%81">5</a>
            <a href="/\u{301}/x">6</a> <a href="x:\u{301}y">7</a> <a href="x?\u{301}">8</a> <a href="../../img/caf\u{65}\u{301}.jpg">9</a>
            <a href="x&#13;&#10;/">A</a> <a href="x/&#13;&#10;">B</a> <a href="&#13;&#10;">C</a> <a href="x%0D%0A/">D</a>
            <a href="\u{600}%41">E</a> <a href="\u{600}/x">F</a> <a href="\u{600}#x">G</a> <a href="#\u{600}%41">H</a> <a href="\u{600}:x">I</a>
            """), expected: [
            "people/x/index.html:10:1: <a href=\"../../img/%C3.jpg\"> does not resolve to a file of the output (img/%C3.jpg) [broken-link]",
            "people/x/index.html:10:35: <a href=\"../../img/a%2Fb.jpg\"> does not resolve to a file of the output (img/a/b.jpg) [broken-link]",
            "people/x/index.html:10:71: <a href=\"%2E%2E/%2E%2E/%2E%2E/x\"> points outside the site [outside-site]",
            "people/x/index.html:11:1: <a href=\"../../img/%ZZ%4\"> does not resolve to a file of the output (img/%ZZ%4) [broken-link]",
            "people/x/index.html:11:91: <a href=\"../nope\"> does not resolve to a file of the output (people/nope) [broken-link]",
            "people/x/index.html:12:1: <a> has an empty href [empty-url]",
            "people/x/index.html:12:21: <a href=\"../q\"> does not resolve to a file of the output (people/q) [broken-link]",
            "people/x/index.html:12:57: <a> has an empty href [empty-url]",
            "people/x/index.html:12:78: <a href=\"../r\"> does not resolve to a file of the output (people/r) [broken-link]",
            "people/x/index.html:14:1: <a href> uses a javascript: URL [forbidden-url]",
            "people/x/index.html:14:37: <a href> uses a vbscript: URL [forbidden-url]",
            "people/x/index.html:14:64: <a href> uses a data: URL [forbidden-url]",
            "people/x/index.html:14:97: <a href> uses a javascript: URL [forbidden-url]",
            "people/x/index.html:15:70: <a href=\"1abc:x\"> does not resolve to a file of the output (people/x/1abc:x) [broken-link]",
            "people/x/index.html:15:93: <a href=\"a b:c\"> does not resolve to a file of the output (people/x/a b:c) [broken-link]",
            "people/x/index.html:16:27: <a href=\"a_b:x\"> does not resolve to a file of the output (people/x/a_b:x) [broken-link]",
            "people/x/index.html:16:49: <a href=\":x\"> does not resolve to a file of the output (people/x/:x) [broken-link]",
            "people/x/index.html:16:90: <a href=\"\u{E9}:x\"> does not resolve to a file of the output (people/x/\u{E9}:x) [broken-link]",
            "people/x/index.html:17:1: <a href=\"#\u{301}x\"> does not resolve to a file of the output (people/x/#\u{301}x) [broken-link]",
            "people/x/index.html:17:20: <a href=\"x/\u{301}\"> does not resolve to a file of the output (people/x/x/\u{301}) [broken-link]",
            "people/x/index.html:17:39: <a href=\"..\u{301}/\"> does not resolve to a file of the output (people/x/..\u{301}/index.html) [broken-link]",
            "people/x/index.html:17:59: <a href=\"../y/%CC%81\"> does not resolve to a file of the output (people/y/\u{301}) [broken-link]",
            "people/x/index.html:18:1: <a href=\"/\u{301}/x\"> does not resolve to a file of the output (people/x//\u{301}/x) [broken-link]",
            "people/x/index.html:18:21: <a href=\"x:\u{301}y\"> does not resolve to a file of the output (people/x/x:\u{301}y) [broken-link]",
            "people/x/index.html:18:41: <a href=\"x?\u{301}\"> does not resolve to a file of the output (people/x/x?\u{301}) [broken-link]",
            "people/x/index.html:19:1: <a href=\"x\r\n/\"> does not resolve to a file of the output (people/x/x\r\n/index.html) [broken-link]",
            "people/x/index.html:19:30: <a href=\"x/\"> does not resolve to a file of the output (people/x/x/index.html) [broken-link]",
            "people/x/index.html:19:59: <a> has an empty href [empty-url]",
            "people/x/index.html:19:86: <a href=\"x%0D%0A/\"> does not resolve to a file of the output (people/x/x\r\n/index.html) [broken-link]",
            "people/x/index.html:20:1: <a href=\"\u{600}%41\"> does not resolve to a file of the output (people/x/\u{600}%41) [broken-link]",
            "people/x/index.html:20:21: <a href=\"\u{600}/x\"> does not resolve to a file of the output (people/x/\u{600}/x) [broken-link]",
            "people/x/index.html:20:40: <a href=\"\u{600}#x\"> does not resolve to a file of the output (people/x/\u{600}#x) [broken-link]",
            "people/x/index.html:20:80: <a href=\"\u{600}:x\"> does not resolve to a file of the output (people/x/\u{600}:x) [broken-link]",
            "people/x/index.html:20:59: link to #\u{600}%41, but no element on this page has that id [broken-fragment]",
        ]),
        Case(name: "fragments", path: "people/x/index.html", html: page("""
            <p id="top">x</p><p id="caf\u{E9}">y</p><p id="%41">z</p><p id="a b">w</p>
            <a href="#top">a</a> <a href="#nowhere">b</a> <a href="#">c</a> <a href="#caf%C3%A9">d</a> <a href="#%E2%9C%93">e</a>
            <a href="#%ZZ">f</a> <a href="#%41">g</a> <a href="#%2541">h</a> <a href="#a%20b">i</a> <a href=" #top ">j</a>
            <a href="#top#x">k</a> <a href="#top?x">l</a> <a href="../x/#top">m</a> <a href="#%C3">n</a>
            <a href="#%+41">o</a> <a href="#%-0x">p</a> <a href="#%-1x">q</a> <a href="../../img/%+41.jpg">r</a> <a href="#%%41">s</a>
            """), expected: [
            "people/x/index.html:13:67: <a href=\"../../img/%+41.jpg\"> does not resolve to a file of the output (img/\u{4}1.jpg) [broken-link]",
            "people/x/index.html:10:22: link to #nowhere, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:10:47: link to #, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:10:92: link to #\u{2713}, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:11:1: link to #%ZZ, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:11:22: link to #A, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:12:1: link to #top#x, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:12:24: link to #top?x, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:12:73: link to #%C3, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:13:1: link to #\u{4}1, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:13:23: link to #\u{0}x, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:13:45: link to #%-1x, but no element on this page has that id [broken-fragment]",
            "people/x/index.html:13:102: link to #%A, but no element on this page has that id [broken-fragment]",
        ]),
        Case(name: "srcset and attributes", path: "people/x/index.html", html: page("""
            <img src="../../img/a.jpg" srcset="../../img/a.jpg 1x,../../img/gone.jpg 2x, , ../../img/a.jpg" width="1" height="1" alt="" />
            <img src="../../img/a.jpg" srcset="../../img/a.jpg 1x,,../../img/a.jpg 2x," width="1" height="1" alt="" />
            <img src="../../img/a.jpg" srcset="&#9;../../img/gone1.jpg&#9;1x, ../../img/gone2.jpg&#10;2x" width="1" height="1" alt="" />
            <img src="../../img/a.jpg" srcset="../../img/gone3.jpg&#13;&#10;2x" width="1" height="1" alt="" />
            <img src="../../img/a.jpg" srcset="../../img/a.jpg 1x,\u{301}../../img/gone4.jpg 2x" width="1" height="1" alt="" />
            <img src="../../img/a.jpg" srcset="  " width="1" height="1" alt="" /><picture><source srcset="gone5.webp, ../../img/a.jpg?x 2x" /></picture>
            <div srcset="nothing.jpg">x</div> <link rel="icon" href="missing.ico" /> <form action="">f</form>
            <video poster="missing.jpg" src="../../img/a.jpg">v</video> <button formaction="go/">b</button> <object data="o.svg">o</object>
            <a HREF="missing">a</a> <img SRC="../../img/a.jpg" width="1" height="1" alt="" /> <p ID="dup">1</p><p id="dup">2</p>
            <p onClick="x">a</p><p ONLOAD="x">b</p><p on="x">c</p><p data-on="x">d</p><p Id="dup">e</p>
            <A href="missing2">A</A> <iframe src="../../">i</iframe> <input type="image" src="in.png" formaction="../" />
            <svg xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="missing.svg"><text>t</text></a><image href="i.png" /></svg>
            <img src="../../img/a.jpg" srcset="gone6.jpg\u{600}, gone7.jpg, \u{600}gone8.jpg" width="1" height="1" alt="" />
            """), expected: [
            "people/x/index.html:9:1: <img srcset=\"../../img/gone.jpg\"> does not resolve to a file of the output (img/gone.jpg) [broken-link]",
            "people/x/index.html:9:1: <img> has an empty srcset [empty-url]",
            "people/x/index.html:11:1: <img srcset=\"../../img/gone1.jpg\"> does not resolve to a file of the output (img/gone1.jpg) [broken-link]",
            "people/x/index.html:11:1: <img srcset=\"../../img/gone2.jpg\"> does not resolve to a file of the output (img/gone2.jpg) [broken-link]",
            "people/x/index.html:12:1: <img srcset=\"../../img/gone3.jpg\r\n2x\"> does not resolve to a file of the output (img/gone3.jpg\r\n2x) [broken-link]",
            "people/x/index.html:14:1: <img> has an empty srcset [empty-url]",
            "people/x/index.html:14:79: <source srcset=\"gone5.webp\"> does not resolve to a file of the output (people/x/gone5.webp) [broken-link]",
            "people/x/index.html:15:35: <link href=\"missing.ico\"> does not resolve to a file of the output (people/x/missing.ico) [broken-link]",
            "people/x/index.html:15:74: <form> has an empty action [empty-url]",
            "people/x/index.html:16:1: <video poster=\"missing.jpg\"> does not resolve to a file of the output (people/x/missing.jpg) [broken-link]",
            "people/x/index.html:16:61: <button formaction=\"go/\"> does not resolve to a file of the output (people/x/go/index.html) [broken-link]",
            "people/x/index.html:16:97: <object data=\"o.svg\"> does not resolve to a file of the output (people/x/o.svg) [broken-link]",
            "people/x/index.html:17:1: <a HREF=\"missing\"> does not resolve to a file of the output (people/x/missing) [broken-link]",
            "people/x/index.html:17:25: <img> without src [img-src]",
            "people/x/index.html:17:100: duplicate id \"dup\" (first used on line 17) [duplicate-id]",
            "people/x/index.html:18:1: <p> has an event handler attribute onClick; scripts belong in external files [event-handler]",
            "people/x/index.html:18:21: <p> has an event handler attribute ONLOAD; scripts belong in external files [event-handler]",
            "people/x/index.html:18:40: <p> has an event handler attribute on; scripts belong in external files [event-handler]",
            "people/x/index.html:18:75: duplicate id \"dup\" (first used on line 17) [duplicate-id]",
            "people/x/index.html:19:1: unknown element <A> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:19:1: <A href=\"missing2\"> does not resolve to a file of the output (people/x/missing2) [broken-link]",
            "people/x/index.html:19:58: <input src=\"in.png\"> does not resolve to a file of the output (people/x/in.png) [broken-link]",
            "people/x/index.html:20:49: <a href=\"missing.svg\"> does not resolve to a file of the output (people/x/missing.svg) [broken-link]",
            "people/x/index.html:20:95: <image href=\"i.png\"> does not resolve to a file of the output (people/x/i.png) [broken-link]",
            "people/x/index.html:21:1: <img srcset=\"gone6.jpg\u{600},\"> does not resolve to a file of the output (people/x/gone6.jpg\u{600},) [broken-link]",
            "people/x/index.html:21:1: <img srcset=\"\u{600}gone8.jpg\"> does not resolve to a file of the output (people/x/\u{600}gone8.jpg) [broken-link]",
        ]),
        Case(name: "images, scripts and ids", path: "people/x/index.html", html: page("""
            <img src="../../img/a.jpg" width="+5" height="05" alt="" /> <img src="../../img/a.jpg" width="-1" height="abc" alt="" />
            <img src="../../img/a.jpg" width="1.5" height="0" alt="" /> <img src="" width="" height=" 1" alt="" /> <img />
            <img src="../../img/a.jpg" width="1" height="1" alt="" width2="x" /> <img src="../../img/a.jpg" width="00" height="1 " />
            <script src="//cdn.example/x.js"></script><script src="https://cdn.example/x.js"></script><script src="../../app.js"></script>
            <script type="application/JSON">{}</script><script type="text/javascript">x</script><script>y</script>
            <script type="application/ld+json">{}</script> <script src="">z</script> <script src="Data:x">w</script>
            <p id="a">1</p><p id="a">2</p> <p id="">3</p><p id="">4</p> <p id=" a">5</p>
            <p id="a">6</p>
            """), expected: [
            "people/x/index.html:9:1: <img> width=\"+5\" is not a positive whole number [img-width]",
            "people/x/index.html:9:1: <img> height=\"05\" is not a positive whole number [img-height]",
            "people/x/index.html:9:61: <img> width=\"-1\" is not a positive whole number [img-width]",
            "people/x/index.html:9:61: <img> height=\"abc\" is not a positive whole number [img-height]",
            "people/x/index.html:10:1: <img> width=\"1.5\" is not a positive whole number [img-width]",
            "people/x/index.html:10:1: <img> height=\"0\" is not a positive whole number [img-height]",
            "people/x/index.html:10:61: <img> has an empty src [empty-url]",
            "people/x/index.html:10:61: <img> width=\"\" is not a positive whole number [img-width]",
            "people/x/index.html:10:61: <img> height=\" 1\" is not a positive whole number [img-height]",
            "people/x/index.html:10:104: <img> without src [img-src]",
            "people/x/index.html:10:104: <img> without alt [img-alt]",
            "people/x/index.html:10:104: <img> without width [img-width]",
            "people/x/index.html:10:104: <img> without height [img-height]",
            "people/x/index.html:11:70: <img> without alt [img-alt]",
            "people/x/index.html:11:70: <img> width=\"00\" is not a positive whole number [img-width]",
            "people/x/index.html:11:70: <img> height=\"1 \" is not a positive whole number [img-height]",
            "people/x/index.html:12:1: <script src=\"//cdn.example/x.js\"> loads code from outside the site [external-script]",
            "people/x/index.html:12:43: <script src=\"https://cdn.example/x.js\"> loads code from outside the site [external-script]",
            "people/x/index.html:12:91: <script src=\"../../app.js\"> does not resolve to a file of the output (app.js) [broken-link]",
            "people/x/index.html:13:44: inline <script> (record text that was not escaped?); scripts must be files of the site, data must be type=\"application/json\" [inline-script]",
            "people/x/index.html:13:85: inline <script> (record text that was not escaped?); scripts must be files of the site, data must be type=\"application/json\" [inline-script]",
            "people/x/index.html:14:48: <script> has an empty src [empty-url]",
            "people/x/index.html:14:74: <script src> uses a data: URL [forbidden-url]",
            "people/x/index.html:14:74: <script src=\"Data:x\"> loads code from outside the site [external-script]",
            "people/x/index.html:15:16: duplicate id \"a\" (first used on line 15) [duplicate-id]",
            "people/x/index.html:15:46: duplicate id \"\" (first used on line 15) [duplicate-id]",
            "people/x/index.html:16:1: duplicate id \"a\" (first used on line 15) [duplicate-id]",
        ]),
        Case(name: "columns of repeated tags and non-ASCII text", path: "people/x/index.html", html: page("""
            <p>Zo\u{EB} \u{2603} <blink>a</blink><b>x</b><blink>b</blink> <blink>c</blink> <blinkx>d</blinkx></p>
            <p>e\u{301} \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467} <bl>a</bl><blink>b</blink><bl>c</bl></p>
            <!-- <blink> --> <blink>x</blink> <blink
            class="a">y</blink> <blink\tclass="b">z</blink>
            <p>\u{E9}<blink/><blink />\u{E9}<blink>q</blink></p>
            <ul><li><blink>1</blink></li><li><blink>2</blink><blink>3</blink></li></ul>
            <p>\u{600}<blink>r</blink></p>
            """), expected: [
            "people/x/index.html:13:5: <blink /> is not a void element; HTML reads it as an open tag: write <blink></blink> [self-closing]",
            "people/x/index.html:13:13: <blink /> is not a void element; HTML reads it as an open tag: write <blink></blink> [self-closing]",
            "people/x/index.html:9:10: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:9:34: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:9:51: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:9:68: unknown element <blinkx> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:10:8: unknown element <bl> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:10:18: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:10:34: unknown element <bl> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:11:6: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:12:21: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:12:0: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:13:5: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:13:13: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:13:23: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:14:9: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:14:34: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:14:50: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:15:5: unknown element <blink> (record text that was not escaped?) [unknown-element]",
        ]),
        Case(name: "self-closing", path: "people/x/index.html", html: page("""
            <p>Zo\u{EB} \u{2603} <div class="x" /></p> <span/> <br/> <br /> <img src="../../img/a.jpg" width="1" height="1" alt="" />
            <svg viewBox="0 0 1 1"><g /><circle r="1" /></svg> <span /> <math><mi /></math> <SVG /> <DIV />
            <svg><svg /><g /></svg> <p title="x>y" /> <p title='a"/>b' /> <i title="/" />
            <!-- <div /> --> <![CDATA[ <div/> ]]> <div
            /> <div class="z"
            /> <\u{E9}\u{301} /> <x:y /> <a-b />
            <svg><g><span /></g></svg>
            """), expected: [
            "people/x/index.html:14:16: [not-well-formed]",
            "people/x/index.html:9:10: <div /> is not a void element; HTML reads it as an open tag: write <div></div> [self-closing]",
            "people/x/index.html:9:32: <span /> is not a void element; HTML reads it as an open tag: write <span></span> [self-closing]",
            "people/x/index.html:10:52: <span /> is not a void element; HTML reads it as an open tag: write <span></span> [self-closing]",
            "people/x/index.html:10:89: <DIV /> is not a void element; HTML reads it as an open tag: write <DIV></DIV> [self-closing]",
            "people/x/index.html:11:25: <p /> is not a void element; HTML reads it as an open tag: write <p></p> [self-closing]",
            "people/x/index.html:11:43: <p /> is not a void element; HTML reads it as an open tag: write <p></p> [self-closing]",
            "people/x/index.html:11:63: <i /> is not a void element; HTML reads it as an open tag: write <i></i> [self-closing]",
            "people/x/index.html:12:6: <div /> is not a void element; HTML reads it as an open tag: write <div></div> [self-closing]",
            "people/x/index.html:12:28: <div /> is not a void element; HTML reads it as an open tag: write <div></div> [self-closing]",
            "people/x/index.html:14:4: <\u{E9}\u{301} /> is not a void element; HTML reads it as an open tag: write <\u{E9}\u{301}></\u{E9}\u{301}> [self-closing]",
            "people/x/index.html:14:10: <x:y /> is not a void element; HTML reads it as an open tag: write <x:y></x:y> [self-closing]",
            "people/x/index.html:14:18: <a-b /> is not a void element; HTML reads it as an open tag: write <a-b></a-b> [self-closing]",
            "people/x/index.html:10:81: unknown element <SVG> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:10:89: unknown element <DIV> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:14:4: unknown element <\u{E9}\u{301}> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:14:10: unknown element <x:y> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:14:18: unknown element <a-b> (record text that was not escaped?) [unknown-element]",
        ]),
        Case(name: "document rules", path: "index.html", html: """
            <HTML lang="en"><head><title>x</title><title>y</title></head><body><a href="people/">a</a> <a href="..">b</a>
            <a href="./">c</a> <a href="">d</a> <a href="?x">e</a> <a href="/.">f</a> <a href="img/">g</a></body></HTML>
            """, expected: [
            "index.html:1:1: missing <!DOCTYPE html> [doctype]",
            "index.html:1:1: the root element must be <html>, not <HTML> [root]",
            "index.html:1:1: unknown element <HTML> (record text that was not escaped?) [unknown-element]",
            "index.html:1:92: <a href=\"..\"> points outside the site [outside-site]",
            "index.html:2:20: <a> has an empty href [empty-url]",
            "index.html:2:75: <a href=\"img/\"> does not resolve to a file of the output (img/index.html) [broken-link]",
            "index.html:1:1: the page has 2 <title> elements [title]",
        ]),
        Case(name: "no lang and empty title", path: "people/index.html", html: """
            <!DOCTYPE HTML>
            <html><head><title> \u{A0}</title></head><body><p>x</p></body></html>
            """, expected: [
            "people/index.html:2:1: <html> needs a lang attribute [lang]",
            "people/index.html:1:1: the page has no non-empty <title> [title]",
        ]),
        Case(name: "odd page path", path: "a/../b/index.html", html: page("""
            <a href="../../x">a</a> <a href="../x">b</a> <a href="/a/">c</a> <a href="/x">d</a>
            """, stylesheet: "../assets/s.css"), expected: [
            "a/../b/index.html:9:1: <a href=\"../../x\"> points outside the site [outside-site]",
            "a/../b/index.html:9:25: <a href=\"../x\"> does not resolve to a file of the output (x) [broken-link]",
            "a/../b/index.html:9:46: <a href=\"/a/\"> does not resolve to a file of the output (a/index.html) [broken-link]",
            "a/../b/index.html:9:66: <a href=\"/x\"> does not resolve to a file of the output (x) [broken-link]",
        ]),
        Case(name: "page path above the root", path: "a/../../index.html", html: page("""
            <a href="x">a</a> <a href="/x">b</a> <a href="/">c</a> <a href="#q">d</a>
            """, stylesheet: "/assets/s.css"), expected: [
            "a/../../index.html:9:1: <a href=\"x\"> points outside the site [outside-site]",
            "a/../../index.html:9:19: <a href=\"/x\"> does not resolve to a file of the output (x) [broken-link]",
            "a/../../index.html:9:56: link to #q, but no element on this page has that id [broken-fragment]",
        ]),
        Case(name: "non-ASCII page path", path: "caf\u{E9}/\u{301}x/index.html", html: page("""
            <a href="../y/">a</a> <a href="../../../">b</a> <a href="z">c</a>
            """, stylesheet: "/assets/s.css"), expected: [
            "caf\u{E9}/\u{301}x/index.html:9:1: <a href=\"../y/\"> does not resolve to a file of the output (y/index.html) [broken-link]",
            "caf\u{E9}/\u{301}x/index.html:9:23: <a href=\"../../../\"> points outside the site [outside-site]",
            "caf\u{E9}/\u{301}x/index.html:9:49: <a href=\"z\"> does not resolve to a file of the output (caf\u{E9}/\u{301}x/z) [broken-link]",
        ]),
        Case(name: "a combining mark after the folder's slash", path: "people/x/index.html", html: page("""
            <a href="\u{301}a">a</a> <a href="\u{301}/../y">b</a> <a href="%CC%81/../../z">c</a> <a href="\u{301}">d</a>
            """), expected: [
            "people/x/index.html:9:1: <a href=\"\u{301}a\"> does not resolve to a file of the output (people/x/\u{301}a) [broken-link]",
            "people/x/index.html:9:19: <a href=\"\u{301}/../y\"> does not resolve to a file of the output (people/y) [broken-link]",
            "people/x/index.html:9:41: <a href=\"%CC%81/../../z\"> does not resolve to a file of the output (z) [broken-link]",
            "people/x/index.html:9:72: <a href=\"\u{301}\"> does not resolve to a file of the output (people/x/\u{301}) [broken-link]",
        ]),
        Case(name: "a prepended mark before the folder's slash", path: "x\u{600}/index.html", html: page("""
            <a href="y">a</a> <a href="../y">b</a> <a href="/y">c</a> <a href="\u{301}y">d</a>
            """, stylesheet: "/assets/s.css"), expected: [
            "x\u{600}/index.html:9:1: <a href=\"y\"> does not resolve to a file of the output (y) [broken-link]",
            "x\u{600}/index.html:9:19: <a href=\"../y\"> points outside the site [outside-site]",
            "x\u{600}/index.html:9:40: <a href=\"/y\"> does not resolve to a file of the output (y) [broken-link]",
            "x\u{600}/index.html:9:59: <a href=\"\u{301}y\"> does not resolve to a file of the output (/\u{301}y) [broken-link]",
        ]),
        Case(name: "empty page", path: "index.html", html: "", expected: []),
        Case(name: "self-closed root", path: "index.html", html: "<html/>", expected: [
            "index.html:1:1: <html /> is not a void element; HTML reads it as an open tag: write <html></html> [self-closing]",
            "index.html:1:1: missing <!DOCTYPE html> [doctype]",
            "index.html:1:1: <html> needs a lang attribute [lang]",
            "index.html:1:1: the page has no non-empty <title> [title]",
        ]),
        Case(name: "not well-formed", path: "people/x/index.html", html: page("""
            <p>Tom & Jerry</p>
            """), expected: [
            "people/x/index.html:9:9: [not-well-formed]",
        ]),
        Case(name: "well-formed but broken", path: "people/x/index.html", html: page("""
            <p>\u{E9} <div class="x" /></p><p><span>x</span></p><blink>&#233;</blink>
            """), expected: [
            "people/x/index.html:9:6: <div /> is not a void element; HTML reads it as an open tag: write <div></div> [self-closing]",
            "people/x/index.html:9:48: unknown element <blink> (record text that was not escaped?) [unknown-element]",
        ]),
        Case(name: "CR LF line ends", path: "people/x/index.html", html: page("""
            <p>\u{E9}<blink>a</blink> <div /></p>
            <p><blink>b</blink> <span /></p>
            """).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"), expected: [
            "people/x/index.html:1:171: <div /> is not a void element; HTML reads it as an open tag: write <div></div> [self-closing]",
            "people/x/index.html:1:203: <span /> is not a void element; HTML reads it as an open tag: write <span></span> [self-closing]",
            "people/x/index.html:9:0: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:10:0: unknown element <blink> (record text that was not escaped?) [unknown-element]",
        ]),
        Case(name: "lines above 65535", path: "people/x/index.html", html: page(
            String(repeating: "\n", count: 65_526) + "<blink>a</blink> <blink>b</blink>\n<blink>c</blink>\n<blink>d</blink> <div />\n"
        ), expected: [
            "people/x/index.html:65537:18: <div /> is not a void element; HTML reads it as an open tag: write <div></div> [self-closing]",
            "people/x/index.html:65535:1: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:65535:18: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:65535:0: unknown element <blink> (record text that was not escaped?) [unknown-element]",
            "people/x/index.html:65535:0: unknown element <blink> (record text that was not escaped?) [unknown-element]",
        ]),
    ]
}

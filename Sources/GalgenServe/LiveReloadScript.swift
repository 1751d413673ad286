/// The browser side of live reload, and how it is put into pages. Only the preview server adds it,
/// to the bytes it sends; files in the site folder never contain it.
enum LiveReloadScript {
    /// Path of the event stream.
    static let eventsPath = "/__galgen/events"
    /// Path of the script.
    static let scriptPath = "/__galgen/reload.js"

    /// The tag added before `</body>`; the generation tells the script which build the page came from.
    static func tag(generation: Int) -> String {
        "<script src=\"\(scriptPath)\" data-generation=\"\(generation)\"></script>"
    }

    /// `html` with the tag inserted before its last `</body>` (appended when there is none).
    static func inject(into html: [UInt8], generation: Int) -> [UInt8] {
        let tag = Array(tag(generation: generation).utf8)
        let close = Array("</body".utf8)
        var index = html.count - close.count
        while index >= 0 {
            if zip(html[index..<(index + close.count)], close).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                return Array(html[..<index]) + tag + Array(html[index...])
            }
            index -= 1
        }
        return html + tag
    }

    /// The script. It listens on the event stream: a newer good build reloads the page, a failed one
    /// shows its error over the page (which stays the last good build) until a build succeeds.
    static let source = #"""
    // galgen serve: live reload and build errors. Added by the preview server only; never published.
    (function () {
      'use strict';
      var script = document.currentScript;
      var served = Number(script && script.getAttribute('data-generation')) || 0;
      var overlay = null;

      function show(message) {
        if (!overlay) {
          overlay = document.createElement('div');
          overlay.id = 'galgen-serve-error';
          overlay.setAttribute('role', 'alert');
          overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;' +
            'padding:24px;background:rgba(24,20,20,.95);color:#ffd9d9;font:14px/1.5 ui-monospace,monospace;' +
            'white-space:pre-wrap';
          var title = document.createElement('strong');
          title.textContent = 'galgen: the last rebuild failed. This page is the last good build; ' +
            'it reloads when a rebuild succeeds.\n\n';
          var text = document.createElement('div');
          text.className = 'galgen-serve-message';
          overlay.append(title, text);
          document.body.append(overlay);
        }
        overlay.querySelector('.galgen-serve-message').textContent = message;
      }

      function hide() {
        if (overlay) { overlay.remove(); overlay = null; }
      }

      var events = new EventSource('/__galgen/events');
      events.addEventListener('state', function (event) {
        var state = JSON.parse(event.data);
        if (state.generation > 0 && state.generation !== served) {
          events.close();
          location.reload();
          return;
        }
        if (state.error) { show(state.error); } else { hide(); }
      });
      window.addEventListener('pagehide', function () { events.close(); });
    })();
    """#
}

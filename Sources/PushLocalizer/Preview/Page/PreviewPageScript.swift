/// The page's own measurement: the browser sets every text element again without its line
/// limit (a hidden copy of the same width, fonts and line height) and writes the lines it took
/// into `data-measured-lines`, on the element and, for the body, on the card; `body` gets
/// `data-measured="done"`. `chromium --dump-dom` then reads both counts back. All copies are
/// added before any is measured, so that the browser lays the page out once.
enum PreviewPageScript {
    static let source = """
        (function () {
          var texts = Array.prototype.slice.call(document.querySelectorAll('.text'));
          var copies = texts.map(function (text) {
            var copy = text.cloneNode(true);
            copy.classList.add('measure');
            copy.removeAttribute('data-lines');
            text.parentNode.appendChild(copy);
            return copy;
          });
          var counts = copies.map(function (copy) {
            var lineHeight = parseFloat(getComputedStyle(copy).lineHeight);
            return Math.max(1, Math.round(copy.getBoundingClientRect().height / lineHeight));
          });
          copies.forEach(function (copy) { copy.remove(); });
          texts.forEach(function (text, index) {
            text.setAttribute('data-measured-lines', String(counts[index]));
          });
          Array.prototype.forEach.call(document.querySelectorAll('.card'), function (card) {
            var main = card.querySelector('.text.body') || card.querySelector('.text');
            if (main) { card.setAttribute('data-measured-lines', main.getAttribute('data-measured-lines')); }
          });
          document.body.setAttribute('data-measured', 'done');
        })();
        """
}

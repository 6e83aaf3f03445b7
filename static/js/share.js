// An invitation link's Copy and Share buttons (templates/league/members.html). Copy writes the
// link to the clipboard (the Clipboard API, which needs https or localhost); where there is no
// clipboard to write to, it selects the link's text for the phone's or the keyboard's own copy.
// Share opens the phone's share sheet (the Web Share API) and is shown only where there is one.
function paddockShareLinks(root) {
  root.querySelectorAll(".share-link:not(.share-ready)").forEach(function (box) {
    var text = box.querySelector("[data-share-text]");
    var copy = box.querySelector("[data-share-copy]");
    var send = box.querySelector("[data-share-send]");
    var said = box.querySelector("[data-share-said]");
    var link = text.textContent.trim();
    box.classList.add("share-ready");

    function select() {
      var range = document.createRange();
      range.selectNodeContents(text);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      said.textContent = "Selected: copy it with your device's Copy.";
    }

    copy.hidden = false;
    copy.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(link).then(
          function () { said.textContent = "Copied."; },
          select
        );
      } else {
        select();
      }
    });

    if (navigator.share) {
      send.hidden = false;
      send.addEventListener("click", function () {
        navigator.share({ title: box.dataset.shareTitle, url: link }).catch(function () {});
      });
    }
  });
}
document.addEventListener("DOMContentLoaded", function () { paddockShareLinks(document); });
document.addEventListener("htmx:load", function (event) { paddockShareLinks(event.detail.elt); });

// The new-league form's time zone, until someone picks one: the browser's own, where the list
// has it (the server marks the select data-browser-zone only when nothing was picked yet).
function paddockBrowserZone(root) {
  root.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
    select.removeAttribute("data-browser-zone");
    var zone = "";
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (error) {
      return;
    }
    for (var i = 0; i < select.options.length; i += 1) {
      if (select.options[i].value === zone) {
        select.value = zone;
        return;
      }
    }
  });
}
document.addEventListener("DOMContentLoaded", function () { paddockBrowserZone(document); });
document.addEventListener("htmx:load", function (event) { paddockBrowserZone(event.detail.elt); });

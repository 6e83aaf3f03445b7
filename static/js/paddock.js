// A refused entry (400) is a page of ours, meant to be swapped in where the form was: with DEBUG
// on, django-htmx's debug handler would replace the whole document with the bare fragment. This
// listener runs first (capture, on window) and keeps the event from reaching that handler; htmx
// itself still swaps the response, as its responseHandling config says.
window.addEventListener(
  "htmx:beforeOnLoad",
  function (event) {
    if (event.detail.xhr && event.detail.xhr.status === 400) {
      event.stopPropagation();
    }
  },
  true
);

// The inline script of index.html: filters the session rows by text and status. It only hides rows; the
// rows themselves are server-rendered and escaped.
export const INDEX_SCRIPT = String.raw`(function () {
  "use strict";
  var q = document.getElementById("filter"), st = document.getElementById("status"), shown = document.getElementById("shown");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#sessions tbody tr"));
  var text = rows.map(function (r) { return r.textContent.toLowerCase(); });
  function apply() {
    var words = q.value.toLowerCase().split(/\s+/).filter(Boolean), want = st.value, n = 0;
    rows.forEach(function (r, i) {
      var ok = (!want || r.getAttribute("data-status") === want) && words.every(function (w) { return text[i].indexOf(w) >= 0; });
      r.hidden = !ok;
      if (ok) n++;
    });
    shown.textContent = n + " of " + rows.length + " shown";
  }
  q.addEventListener("input", apply);
  st.addEventListener("change", apply);
  apply();
  document.documentElement.setAttribute("data-ready", "1");
})();
`;

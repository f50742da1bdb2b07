/// <reference lib="dom" />
// The script of index.html as a checked source: it filters the session rows by text and status. It only hides
// rows; the rows themselves are server-rendered and escaped. It runs in the browser on its own (no imports, no
// module state): html-index-client.ts ships its source text as the page's inline script.
export function indexFilter(): void {
  const q = document.getElementById("filter") as HTMLInputElement;
  const st = document.getElementById("status") as HTMLSelectElement;
  const shown = document.getElementById("shown") as HTMLElement;
  const rows = Array.from(document.querySelectorAll<HTMLTableRowElement>("#sessions tbody tr"));
  const text = rows.map((r) => (r.textContent ?? "").toLowerCase());
  const apply = (): void => {
    const words = q.value.toLowerCase().split(/\s+/).filter(Boolean);
    const want = st.value;
    let n = 0;
    rows.forEach((r, i) => {
      const ok = (!want || r.getAttribute("data-status") === want) && words.every((w) => text[i].includes(w));
      r.hidden = !ok;
      if (ok) n++;
    });
    shown.textContent = `${n} of ${rows.length} shown`;
  };
  q.addEventListener("input", apply);
  st.addEventListener("change", apply);
  apply();
  document.documentElement.setAttribute("data-ready", "1");
}

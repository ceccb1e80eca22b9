// The style sheet and the script of the HTML report, inlined into it (the report fetches nothing).

export const CSS = `
:root {
  --bg: #f6f7f9; --panel: #fff; --ink: #1c2330; --muted: #5a6474; --line: #dde1e7; --accent: #3b5bdb;
  --safe: #2f9e44; --unsafe: #e8a010; --person: #d9480f; --code-bg: #f8f9fb; --mark: #fff0b3; --mark-line: #e8a010;
  --del: #ffe3e3; --del-strong: #ffb3b3; --ins: #e3f9e5; --ins-strong: #a6e9b0;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #12161d; --panel: #1b2029; --ink: #e6e9ef; --muted: #9aa4b2; --line: #2e3541; --accent: #8ca2ff;
    --code-bg: #151a22; --mark: #5c4a12; --del: #3b1d1d; --del-strong: #6b2b2b; --ins: #17331d; --ins-strong: #24592f; }
}
* { box-sizing: border-box; }
html { font-size: 15px; }
body { margin: 0; background: var(--bg); color: var(--ink); line-height: 1.5;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; }
code, pre, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: 0.86rem; }
a { color: var(--accent); }
.wrap { max-width: 1120px; margin: 0 auto; padding: 0 24px; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 8px; top: 8px; background: var(--panel); padding: 6px 10px; z-index: 2; }
.top { background: linear-gradient(120deg, #1f2a44, #2c3e75 60%, #3b5bdb); color: #fff; padding: 28px 0 30px; }
.top .eyebrow { margin: 0; text-transform: uppercase; letter-spacing: .08em; font-size: .78rem; opacity: .8; }
.top h1 { margin: 4px 0 6px; font-size: 1.9rem; font-weight: 650; }
.top .lede { margin: 0; opacity: .9; }
main { padding: 8px 0 48px; }
section.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 20px 24px; margin-top: 20px; }
h2 { font-size: 1.25rem; margin: 0 0 4px; }
.note { color: var(--muted); margin: 0 0 14px; font-size: .92rem; }
.totals { display: grid; grid-template-columns: repeat(5, 1fr); gap: 12px; margin: 14px 0 0; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; border-top: 4px solid var(--accent); background: var(--panel); }
.card dt { color: var(--muted); font-size: .85rem; display: flex; gap: 6px; align-items: center; }
.card dd { margin: 2px 0 0; font-size: 1.9rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.card dd .of { font-size: .85rem; font-weight: 400; color: var(--muted); }
.card.k-safe { border-top-color: var(--safe); } .card.k-unsafe { border-top-color: var(--unsafe); } .card.k-person { border-top-color: var(--person); }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; flex: none; vertical-align: -1px; }
.k-safe > .swatch, .swatch.k-safe, .seg.k-safe { background: var(--safe); }
.k-unsafe > .swatch, .swatch.k-unsafe, .seg.k-unsafe { background: repeating-linear-gradient(135deg, var(--unsafe) 0 3px, #f6cf7a 3px 5px); }
.k-person > .swatch, .swatch.k-person, .seg.k-person { background: radial-gradient(circle, #f7b08c 1.2px, transparent 1.6px) 0 0 / 5px 5px, var(--person); }
.share { display: flex; height: 30px; border-radius: 6px; overflow: hidden; margin: 16px 0 6px; border: 1px solid var(--line); }
.share .seg { display: flex; align-items: center; justify-content: center; color: #fff; font-weight: 600; font-size: .8rem; white-space: nowrap; overflow: hidden; }
.share .seg span { background: rgba(0,0,0,.38); border-radius: 4px; padding: 0 6px; }
.steps { margin: 14px 0 0; padding-left: 1.3em; }
.steps li { margin: 4px 0; }
.legend { display: flex; flex-wrap: wrap; gap: 18px; margin: 6px 0 10px; padding: 0; list-style: none; font-size: .9rem; }
.legend li { display: flex; align-items: center; gap: 6px; }
.legend .how { color: var(--muted); font-size: .85rem; }
figure { margin: 0; }
.chart { width: 100%; height: auto; display: block; }
.chart text { font-size: 12px; fill: var(--ink); }
.chart .id { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.chart .count { fill: var(--muted); font-variant-numeric: tabular-nums; }
.chart .grid { stroke: var(--line); }
.chart .tick { fill: var(--muted); font-size: 11px; }
.chart .s-safe { fill: var(--safe); } .chart .s-unsafe { fill: url(#p-unsafe); } .chart .s-person { fill: url(#p-person); }
.chart .p-unsafe-bg { fill: var(--unsafe); } .chart .p-person-bg { fill: var(--person); }
.chart a:hover rect, .chart a:focus rect { opacity: .8; }
.chart a:focus { outline: 2px solid var(--accent); }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
caption { text-align: left; font-weight: 600; padding: 0 0 6px; }
table.compact { max-width: 720px; margin-top: 18px; }
th a.mono { white-space: nowrap; }
th, td { padding: 6px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
thead th { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); border-bottom-width: 2px; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
tbody tr:hover { background: color-mix(in srgb, var(--accent) 6%, transparent); }
.minibar { display: flex; height: 12px; width: 100%; min-width: 120px; margin-top: 5px; }
.minibar .seg:first-child { border-radius: 3px 0 0 3px; } .minibar .seg:last-child { border-radius: 0 3px 3px 0; } .minibar .seg:only-child { border-radius: 3px; }
td.bar, th.bar { width: 28%; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.scroll { overflow-x: auto; }
.filters { display: flex; flex-wrap: wrap; gap: 12px 16px; align-items: end; padding: 12px 14px; background: var(--code-bg); border: 1px solid var(--line); border-radius: 8px; margin: 10px 0 6px; }
.filters[hidden] { display: none; }
.filters label { display: flex; flex-direction: column; font-size: .8rem; color: var(--muted); gap: 3px; }
.filters select, .filters button { font: inherit; font-size: .9rem; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); color: var(--ink); max-width: 250px; }
.filters button { cursor: pointer; }
#shown { margin: 6px 0 12px; color: var(--muted); font-size: .9rem; }
.finding { border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: 8px; padding: 12px 16px; margin: 12px 0; background: var(--panel); }
.finding.k-safe { border-left-color: var(--safe); } .finding.k-unsafe { border-left-color: var(--unsafe); } .finding.k-person { border-left-color: var(--person); }
.finding[hidden] { display: none; }
.finding header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 10px; }
.finding h3 { margin: 0; font-size: .95rem; font-weight: 600; }
.finding h3 a { color: inherit; text-decoration: none; } .finding h3 a:hover { text-decoration: underline; }
.badge { display: inline-flex; align-items: center; gap: 5px; font-size: .75rem; font-weight: 600; padding: 1px 8px 1px 6px; border-radius: 999px; border: 1px solid var(--line); }
.sev { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.sev-error { color: #c92a2a; } .sev-warning { color: #a36100; }
.msg { margin: 6px 0 4px; font-size: 1rem; }
.msg code, td code, .steps code, .meta code { background: var(--code-bg); border: 1px solid var(--line); border-radius: 4px; padding: 0 4px; }
.meta { margin: 0 0 8px; color: var(--muted); font-size: .85rem; display: flex; flex-wrap: wrap; gap: 4px 14px; }
.chg { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .8rem; background: color-mix(in srgb, var(--accent) 12%, transparent); color: var(--ink); border-radius: 4px; padding: 0 5px; }
pre.code { margin: 6px 0 0; background: var(--code-bg); border: 1px solid var(--line); border-radius: 6px; padding: 6px 0; overflow-x: auto; tab-size: 4; }
pre.code code { display: block; }
.ln { display: grid; grid-template-columns: 3.6em 1.4em 1fr; white-space: pre; }
.ln .no { color: var(--muted); text-align: right; padding-right: 0; user-select: none; opacity: .8; grid-column: 1; }
.ln .tx { grid-column: 3; padding-right: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.ln::before { grid-column: 2; grid-row: 1; content: ""; text-align: center; color: var(--muted); }
.ln[data-sign="-"] { background: var(--del); } .ln[data-sign="-"]::before { content: "−"; }
.ln[data-sign="+"] { background: var(--ins); } .ln[data-sign="+"]::before { content: "+"; }
.ln.gap .tx { color: var(--muted); font-style: italic; }
mark { background: var(--mark); color: inherit; border-bottom: 2px solid var(--mark-line); border-radius: 2px; }
mark:empty::before { content: "▲"; color: var(--person); font-size: .7em; }
del { background: var(--del-strong); text-decoration: line-through; text-decoration-color: rgba(0,0,0,.35); }
ins { background: var(--ins-strong); text-decoration: none; }
.fix-title { margin: 8px 0 0; font-size: .85rem; font-weight: 600; }
.empty { padding: 20px; text-align: center; color: var(--muted); border: 1px dashed var(--line); border-radius: 8px; }
footer { color: var(--muted); font-size: .85rem; padding: 12px 0 40px; }
.clean { font-size: 1.1rem; }
@media (max-width: 900px) { .totals { grid-template-columns: repeat(2, 1fr); } }
@media (max-width: 600px) { .wrap { padding: 0 12px; } section.panel { padding: 14px; } .finding { padding: 10px; } }
@media print { .filters, .skip { display: none !important; } .finding { break-inside: avoid; } body { background: #fff; } }
`;

// Filters and sorting for the findings list. Without scripts the page shows every finding, in file
// order, and the (hidden) controls stay out of the way.
export const SCRIPT = `
(() => {
  const form = document.getElementById('filters');
  const list = document.getElementById('finding-list');
  if (!form || !list) return;
  const items = Array.from(list.querySelectorAll('article.finding'));
  const shown = document.getElementById('shown');
  const none = document.getElementById('no-match');
  const rank = { person: 0, unsafe: 1, safe: 2 };
  const keys = {
    file: (a) => [Number(a.dataset.order)],
    change: (a) => [a.dataset.changes.split(' ')[0] || '~', Number(a.dataset.order)],
    fix: (a) => [rank[a.dataset.fix], Number(a.dataset.order)],
    rule: (a) => [a.dataset.rule, Number(a.dataset.order)],
  };
  const compare = (x, y) => { for (let i = 0; i < x.length; i++) { if (x[i] < y[i]) return -1; if (x[i] > y[i]) return 1; } return 0; };
  function apply() {
    const change = form.elements.change.value, file = form.elements.file.value, fix = form.elements.fix.value;
    let n = 0;
    for (const a of items) {
      const match = (!change || a.dataset.changes.split(' ').includes(change)) && (!file || a.dataset.file === file) && (!fix || a.dataset.fix === fix);
      a.hidden = !match;
      if (match) n++;
    }
    const key = keys[form.elements.sort.value] || keys.file;
    list.append(...items.map((a) => [key(a), a]).sort((x, y) => compare(x[0], y[0])).map((x) => x[1]));
    shown.textContent = 'Showing ' + n + ' of ' + items.length + ' findings';
    none.hidden = n > 0;
  }
  form.hidden = false;
  form.addEventListener('change', apply);
  form.addEventListener('submit', (e) => e.preventDefault());
  form.addEventListener('reset', () => setTimeout(apply));
  document.addEventListener('click', (e) => {
    const link = e.target.closest && e.target.closest('[data-filter]');
    if (!link) return;
    e.preventDefault();
    form.reset();
    form.elements[link.dataset.filter].value = link.dataset.value;
    apply();
    document.getElementById('findings').scrollIntoView();
  });
  apply();
})();
`;

/**
 * The public pages' one stylesheet, inline (the Content-Security-Policy allows inline styles, not scripts): the
 * portal's look (MUI's blue, the system font), light and dark by the reader's setting, readable at 375 px (long
 * words break, tables and code scroll in their own box), a focus ring on everything that takes focus.
 */
export const PUBLIC_HELP_STYLES = `
:root{color-scheme:light dark;--bg:#f5f7fa;--paper:#fff;--ink:#1f2933;--muted:#4b5563;--line:#d6dbe1;--primary:#1565c0;--on-primary:#fff;--mark:#fff1a8;--mark-ink:#1f2933;--focus:#1565c0;--code:#eef1f5}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--paper:#1e1e1e;--ink:#ececec;--muted:#b8bec6;--line:#3a3f45;--primary:#90caf9;--on-primary:#0d1b2a;--mark:#5c4a00;--mark-ink:#fff;--focus:#90caf9;--code:#2a2d31}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:1rem;line-height:1.6;overflow-wrap:anywhere}
a{color:var(--primary);text-underline-offset:.15em}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:2px}
.skip{position:absolute;left:.5rem;top:-3rem;padding:.5rem 1rem;background:var(--paper);color:var(--primary);border:2px solid var(--primary);border-radius:4px;z-index:1}
.skip:focus{top:.5rem}
.top{background:var(--primary);color:var(--on-primary)}
.top .bar{max-width:60rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between}
.top a{color:var(--on-primary)}
.top :focus-visible{outline-color:var(--on-primary)}
.brand{font-weight:600;font-size:1.125rem;text-decoration:none}
.top nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}
main{display:block;max-width:60rem;margin:0 auto;padding:1rem}
main:focus{outline:none}
.crumbs ol{list-style:none;margin:0 0 .5rem;padding:0;display:flex;flex-wrap:wrap;gap:.25rem;color:var(--muted);font-size:.9375rem}
.crumbs li+li::before{content:"›";margin-right:.25rem}
h1{font-size:1.75rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.25rem;line-height:1.3;margin:1.5rem 0 .5rem}
.intro,.meta{color:var(--muted)}
.search{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:1rem 0 1.5rem}
.search label{flex-basis:100%;font-weight:600}
.search input{flex:1 1 12rem;min-width:0;font:inherit;padding:.5rem .75rem;border:1px solid var(--muted);border-radius:4px;background:var(--paper);color:var(--ink)}
.search button{font:inherit;font-weight:600;padding:.5rem 1.25rem;border:0;border-radius:4px;background:var(--primary);color:var(--on-primary);cursor:pointer}
.card{background:var(--paper);border:1px solid var(--line);border-radius:8px;padding:.5rem 1.25rem 1rem;margin:0 0 1rem}
.card h2{margin-top:.75rem}
.card ul,.hits{margin:0;padding-left:1.25rem}
.card li,.hits li{margin:.375rem 0}
.hits h2{font-size:1.125rem;margin:1rem 0 .25rem}
.hits p{margin:0 0 .5rem;color:var(--muted)}
mark{background:var(--mark);color:var(--mark-ink);padding:0 .1em;border-radius:2px}
.notice{border-left:4px solid var(--primary);background:var(--paper);padding:.75rem 1rem;border-radius:4px}
.translations{margin:1.5rem 0 0}
.article{background:var(--paper);border:1px solid var(--line);border-radius:8px;padding:1rem 1.25rem}
.article img{max-width:100%;height:auto}
.article pre,.article .table-box{overflow-x:auto;max-width:100%}
.article pre{background:var(--code);padding:.75rem;border-radius:4px}
.article code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9375em;overflow-wrap:normal}
.article :not(pre)>code{background:var(--code);padding:0 .25em;border-radius:3px;overflow-wrap:anywhere}
.article table{border-collapse:collapse;margin:.5rem 0}
.article th,.article td{border:1px solid var(--line);padding:.375rem .625rem;text-align:left;vertical-align:top;overflow-wrap:normal}
.article blockquote{margin:1rem 0;padding-left:1rem;border-left:4px solid var(--line);color:var(--muted)}
footer{max-width:60rem;margin:2rem auto 0;padding:0 1rem 1rem;color:var(--muted);font-size:.9375rem}
footer p{margin:0;padding-top:1rem;border-top:1px solid var(--line)}
`;

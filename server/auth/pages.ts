// The sign-up and sign-in pages: plain HTML forms that work without JavaScript, with the autocomplete
// hints password managers look for, styled like the app (neutral greys, one indigo accent). Served
// before anyone signs in, they follow the system's colour scheme (docs/spec/themes.md), in the dark
// theme's colours of client/index.css.

import { apiRoutes } from "@core/api/routes";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string,
  );

const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
background:#f8fafc;color:#0f172a;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:400px}
.brand{display:flex;align-items:center;gap:8px;justify-content:center;margin-bottom:24px;color:#0f172a;
text-decoration:none;font-weight:600;font-size:16px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:28px;box-shadow:0 1px 2px rgba(15,23,42,.06)}
h1{font-size:20px;margin:0 0 4px}
p.lead{margin:0 0 20px;color:#64748b}
label{display:block;font-weight:500;margin:14px 0 6px}
.row{display:flex;gap:12px}.row>div{flex:1}
input{width:100%;height:38px;padding:0 12px;border:1px solid #cbd5e1;border-radius:8px;font:inherit;background:#fff}
input:focus{outline:2px solid #6366f1;outline-offset:1px;border-color:#6366f1}
.hint{color:#64748b;font-size:12px;margin-top:4px}
button,.button{display:flex;width:100%;height:40px;margin-top:22px;align-items:center;justify-content:center;border:0;
border-radius:8px;background:#4f46e5;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
button:hover,.button:hover{background:#4338ca}
button:focus-visible{outline:2px solid #6366f1;outline-offset:2px}
.button.secondary{background:#fff;color:#0f172a;border:1px solid #cbd5e1;margin-top:12px}
.error{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fef2f2;border:1px solid #fecaca;color:#b91c1c}
.switch{text-align:center;margin-top:18px;color:#64748b}
a{color:#4f46e5}
@media (prefers-color-scheme:dark){
body,.brand{color:#f8fafc}body{background:#020618}
.card{background:#0f172b;border-color:rgba(255,255,255,.1);box-shadow:none}
p.lead,.hint,.switch{color:#90a1b9}
input{background:#020618;color:#f8fafc;border-color:#314158}
input:focus,button:focus-visible{outline-color:#7c86ff;border-color:#7c86ff}
button,.button{background:#7c86ff;color:#1e1a4d}
button:hover,.button:hover{background:#a3b3ff}
.button.secondary{background:#0f172b;color:#f8fafc;border-color:#314158}
.error{background:#460809;border-color:#9f0712;color:#ffc9c9}
a{color:#a3b3ff}
}
`;

const LOGO = `<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#4f46e5"/><circle cx="9" cy="10" r="3.5" fill="#fff"/><circle cx="23" cy="10" r="3.5" fill="#fff"/><circle cx="16" cy="23" r="3.5" fill="#fff"/><path d="M11 12.5 14.5 20M21 12.5 17.5 20" stroke="#fff" stroke-width="2" stroke-linecap="round"/></svg>`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} - Visual Project Planner</title><link rel="icon" href="/favicon.svg">
<style>${STYLES}</style></head>
<body><main><a class="brand" href="/">${LOGO}<span>Visual Project Planner</span></a>
<div class="card">${body}</div></main></body></html>`;
}

const errorBox = (error?: string) => (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : "");

function field(
  name: string,
  label: string,
  options: { type?: string; value?: string; autocomplete: string; required?: boolean; hint?: string },
) {
  const value = options.value ? ` value="${escapeHtml(options.value)}"` : "";
  const hint = options.hint ? `<div class="hint" id="${name}-hint">${escapeHtml(options.hint)}</div>` : "";
  return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" type="${options.type ?? "text"}" autocomplete="${options.autocomplete}"${value}${
    options.required ? " required" : ""
  }${options.hint ? ` aria-describedby="${name}-hint"` : ""}>${hint}`;
}

const ssoLink = (enabled: boolean) =>
  enabled
    ? `<a class="button secondary" href="${apiRoutes.login.path}">Continue with single sign-on</a>`
    : "";

export type SignUpValues = { email?: string; username?: string; firstName?: string; lastName?: string };

export function signUpPage(options: { values?: SignUpValues; error?: string; sso?: boolean } = {}): string {
  const values = options.values ?? {};
  return layout(
    "Sign up",
    `<h1>Create your account</h1><p class="lead">Plan projects as tasks and dependencies.</p>
${errorBox(options.error)}
<form method="post" action="${apiRoutes.signup.path}" novalidate>
${field("email", "Email", { type: "email", value: values.email, autocomplete: "email", required: true })}
${field("username", "Username", { value: values.username, autocomplete: "username", required: true })}
<div class="row"><div>${field("firstName", "First name", { value: values.firstName, autocomplete: "given-name" })}</div>
<div>${field("lastName", "Last name", { value: values.lastName, autocomplete: "family-name" })}</div></div>
${field("password", "Password", {
  type: "password",
  autocomplete: "new-password",
  required: true,
  hint: "At least 8 characters.",
})}
<button type="submit">Sign Up</button>
</form>${ssoLink(options.sso ?? false)}
<p class="switch">Already have an account? <a href="${apiRoutes.login.path}">Log In</a></p>`,
  );
}

export function signInPage(options: { identifier?: string; error?: string; sso?: boolean } = {}): string {
  return layout(
    "Log in",
    `<h1>Welcome back</h1><p class="lead">Log in to your projects.</p>
${errorBox(options.error)}
<form method="post" action="${apiRoutes.login.path}" novalidate>
${field("email", "Email or username", { value: options.identifier, autocomplete: "username", required: true })}
${field("password", "Password", { type: "password", autocomplete: "current-password", required: true })}
<button type="submit">Log In</button>
</form>${ssoLink(options.sso ?? false)}
<p class="switch">New here? <a href="${apiRoutes.signup.path}">Sign Up</a></p>`,
  );
}

/**
 * The few lines of plain script the tool pages need (copy buttons with the
 * 'Copied!' toast, the disabled-while-empty generate button, the pending
 * label), instead of hydrating the framework. The CSP allows it by hash.
 * Plain ES5 so it runs as-is in any browser.
 */
export const TOOL_SCRIPT = `(function () {
  var toast = document.getElementById("copy-toast");
  var timer;
  function show(message) {
    if (!toast) return;
    toast.textContent = "";
    var p = document.createElement("p");
    p.className = "rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-900 shadow-lg";
    p.setAttribute("data-testid", "toast");
    p.textContent = message;
    toast.appendChild(p);
    clearTimeout(timer);
    timer = setTimeout(function () { toast.textContent = ""; }, 2000);
  }
  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "fixed -left-[9999px] top-0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok;
  }
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { show("Copied!"); }, function () { if (fallbackCopy(text)) show("Copied!"); });
    } else if (fallbackCopy(text)) {
      show("Copied!");
    }
  }
  document.querySelectorAll("[data-copy-button]").forEach(function (b) { b.hidden = false; });
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target.closest("[data-copy]") : null;
    if (!target) return;
    // Let people select text inside a result without copying it.
    var selection = window.getSelection();
    if (target.tagName !== "BUTTON" && selection && String(selection).length > 0) return;
    copy(target.getAttribute("data-copy") || "");
  });
  document.querySelectorAll("form[data-tool-form]").forEach(function (form) {
    var button = form.querySelector("button[type=submit]");
    var required = Array.prototype.slice.call(form.querySelectorAll("[data-required]"));
    var label = button ? button.textContent : "";
    function update() {
      if (!button) return;
      button.disabled = required.some(function (field) { return !field.value.trim(); });
    }
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    form.addEventListener("submit", function (event) {
      if (!button) return;
      if (button.disabled) { event.preventDefault(); return; }
      // Disabled while generating; the browser already collected the fields.
      setTimeout(function () { button.disabled = true; button.textContent = button.getAttribute("data-pending-label") || label; }, 0);
    });
    window.addEventListener("pageshow", function () { if (button) { button.textContent = label; } update(); });
    update();
  });
})();`;

/**
 * Runs in the browser on the public booking pages (sent as text by `InlineScript`, ADR 022:
 * self-contained, no imports). Progressive enhancement of the plain forms: the WhatsApp mask,
 * the spec's validation on blur and on change (messages come from the server in `data-msg-*`),
 * a refused submit focuses the first wrong field, and a valid one is not sent twice. Without it
 * the forms post as they are and the server answers the same messages.
 */
export function enhancePublicForms(): void {
  const digitsOf = (value: string): string => {
    let d = value.replace(/\D/g, "");
    if (d.length > 11 && d.startsWith("55")) d = d.slice(2);
    return d.replace(/^0+/, "").slice(0, 11);
  };
  const maskPhone = (value: string): string => {
    const d = digitsOf(value);
    if (d.length <= 2) return d.length ? `(${d}` : "";
    const split = d.length > 10 ? 7 : 6;
    const head = `(${d.slice(0, 2)}) ${d.slice(2, split)}`;
    return d.length > split ? `${head}-${d.slice(split)}` : head;
  };
  const problem = (input: HTMLInputElement): string => {
    const value = input.value.trim();
    const kind = input.getAttribute("data-kind");
    if (!value) return input.getAttribute("data-msg-required") ?? "";
    if (kind === "email" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return input.getAttribute("data-msg-invalid") ?? "";
    if (kind === "phone") {
      const d = digitsOf(value);
      if (!(d.length === 10 || (d.length === 11 && d[2] === "9"))) return input.getAttribute("data-msg-invalid") ?? "";
    }
    const min = Number(input.getAttribute("data-min") ?? "0");
    if (min && value.length < min) return input.getAttribute("data-msg-min") ?? "";
    return "";
  };
  const show = (input: HTMLInputElement, message: string): void => {
    const out = document.getElementById(`${input.id}-erro`);
    if (out) out.textContent = message;
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  };
  for (const form of Array.from(document.querySelectorAll<HTMLFormElement>("form[data-validate]"))) {
    if (form.hasAttribute("data-ready")) continue;
    form.setAttribute("data-ready", "");
    const inputs = Array.from(form.querySelectorAll<HTMLInputElement>("input[data-kind]"));
    for (const input of inputs) {
      if (input.getAttribute("data-kind") === "phone") {
        input.addEventListener("input", () => {
          input.value = maskPhone(input.value);
        });
        if (input.value) input.value = maskPhone(input.value);
      }
      input.addEventListener("blur", () => show(input, problem(input)));
      input.addEventListener("change", () => show(input, problem(input)));
    }
    let sent = false;
    const button = form.querySelector<HTMLButtonElement>("button[type=submit][data-busy-label]");
    const label = button?.textContent ?? "";
    // Safari's back button shows the page as it was left: the form may be sent again.
    window.addEventListener("pageshow", () => {
      sent = false;
      if (button) {
        button.removeAttribute("aria-busy");
        button.textContent = label;
      }
    });
    form.addEventListener("submit", (event) => {
      const wrong = inputs.filter((input) => {
        const message = problem(input);
        show(input, message);
        return message !== "";
      });
      if (wrong.length || sent) {
        event.preventDefault();
        wrong[0]?.focus();
        return;
      }
      sent = true;
      if (button) {
        button.setAttribute("aria-busy", "true");
        button.textContent = button.getAttribute("data-busy-label");
      }
    });
  }
}

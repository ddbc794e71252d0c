import { caretAfterMask } from "../../../shared/mask.ts";

/**
 * Masks an input's value while keeping the caret where the person is editing (setting `value`
 * alone moves it to the end, so the next digit would land in the wrong place).
 */
export function maskInPlace(el: HTMLInputElement, format: (value: string) => string): void {
  const raw = el.value;
  const caret = el.selectionStart;
  const masked = format(raw);
  if (masked !== raw) el.value = masked;
  if (caret !== null && el.ownerDocument.activeElement === el) {
    const at = caretAfterMask(raw, caret, masked);
    el.setSelectionRange(at, at);
  }
}

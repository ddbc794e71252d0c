import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";

/** The classes live in app/app.css (`.btn`, `.btn-<variant>`): short, so a page of buttons stays small. */
export function buttonClass(variant: Variant = "primary", extra = ""): string {
  return extra ? `btn btn-${variant} ${extra}` : `btn btn-${variant}`;
}

export function Button({
  variant = "primary",
  className = "",
  busy,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button className={buttonClass(variant, className)} disabled={busy || props.disabled} aria-busy={busy || undefined} {...props}>
      {children}
    </button>
  );
}

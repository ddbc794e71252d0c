import type { ReactNode } from "react";

export function Alert({ tone = "info", children }: { tone?: "info" | "error" | "success"; children: ReactNode }) {
  const cls =
    tone === "error"
      ? "bg-danger-soft text-danger border-danger/30"
      : tone === "success"
        ? "bg-ok-soft text-ok border-ok/30"
        : "bg-accent-soft text-fg border-accent/30";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm ${cls}`}>
      {children}
    </div>
  );
}

import type { ReactNode } from "react";
import type { LayoutName } from "../../modules/layouts.ts";
import type { NavMenu } from "../../modules/navigation.ts";
import type { Role } from "../../../shared/enums.ts";
import { AppShell } from "./app-shell.tsx";
import { ProfessionalShell } from "./professional-shell.tsx";

/** What the layout's loader gives the shell (app/server/shell.server.ts ShellData, as serialized). */
interface ShellProps {
  shell: {
    user: { name: string; email: string };
    org: { name: string; role: Role; accentCss?: string | undefined };
    nav: NavMenu;
    layout: LayoutName;
  };
  children: ReactNode;
}

/** The signed-in page's frame: the default layout, or the professionals' slim one (ADR 063). */
export function Shell({ shell, children }: ShellProps) {
  if (shell.layout === "professionals") {
    return (
      <ProfessionalShell user={shell.user} org={shell.org}>
        {children}
      </ProfessionalShell>
    );
  }
  return (
    <AppShell user={shell.user} org={shell.org} nav={shell.nav}>
      {children}
    </AppShell>
  );
}

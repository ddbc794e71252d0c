import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { type AnyDefinition, screenPaths } from "../../../shared/resources/definitions.ts";
import type { ScreenKind } from "../../../shared/resources/types.ts";

/** Where each plain screen sits under a definition's path, and the shared module that serves it. */
export const SCREENS: Record<ScreenKind, { path: string; file: string }> = {
  list: { path: "", file: "routes/records/list.tsx" },
  create: { path: "/create", file: "routes/records/editor.tsx" },
  import: { path: "/import", file: "routes/records/import.tsx" },
  export: { path: "/export", file: "routes/records/export.tsx" },
  detail: { path: "/:id", file: "routes/records/detail.tsx" },
  edit: { path: "/:id/edit", file: "routes/records/editor.tsx" },
  "personal-data": { path: "/:id/dados", file: "routes/records/personal-data.tsx" },
};

/**
 * The routes of every definition's plain screens (app/routes.ts): the same shared module under
 * each resource's path, told apart by route id. The list also answers on its aliases.
 */
export function plainScreenRoutes(definitions: readonly AnyDefinition[]): RouteConfigEntry[] {
  return definitions.flatMap((def) =>
    (def.screens?.plain ?? []).flatMap((kind) => {
      const paths = kind === "list" ? screenPaths(def) : [def.basePath];
      return paths.map((base, i) =>
        route(`${base.slice(1)}${SCREENS[kind].path}`, SCREENS[kind].file, { id: `records/${def.name}/${kind}${i ? `-${i}` : ""}` }),
      );
    }),
  );
}

/**
 * The property page's tabs, declared once: each is its own nested route file
 * (`properties.$id.<to>.tsx`; "" is the index, Dados). A tab whose file is not registered in
 * app/routes.ts yet is left out by the layout (`registered`).
 */
export const PROPERTY_TABS: readonly { to: string; label: string }[] = [
  { to: "", label: "Dados" },
  { to: "fotos", label: "Fotos" },
  { to: "interesses", label: "Interesses" },
  { to: "portal", label: "Portal" },
];

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and while React hydrates that HTML; true in every render
 * after that, including components first mounted later (a menu opened after hydration does not
 * flash its no-JavaScript form). No effect and no state per component.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

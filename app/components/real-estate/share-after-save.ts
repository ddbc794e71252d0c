import { useRouteLoaderData } from "react-router";

/**
 * What a property form page keeps of the share image on its first load: the business name and
 * a clientAction that refreshes the image after a save (share-image-sync.ts loads then).
 */

/** The business name shown on the share image, kept by the page for its clientAction. */
let businessName = "";

/** Call in the page: remembers the business name (from the app layout's data) for the clientAction. */
export function useShareBusiness(): void {
  const layout = useRouteLoaderData("layouts/app") as { org?: { name: string } } | undefined;
  businessName = layout?.org?.name ?? businessName;
}

/**
 * A route's clientAction for a form whose success is a redirect: once the server saved (the
 * redirect is thrown), the share image is refreshed in the background; the navigation goes on.
 */
export async function saveThenRefreshShare<T>(serverAction: () => Promise<T>, propertyId: string | undefined): Promise<T> {
  try {
    return await serverAction();
  } catch (thrown) {
    if (propertyId && thrown instanceof Response && thrown.status >= 300 && thrown.status < 400)
      // The drawing code and the property's price text load only now, after a save (ADR 029's budget).
      void import("./share-image-sync.ts").then((m) => m.refreshShareImage(propertyId, businessName)).catch(() => {});
    throw thrown;
  }
}

import type { Route } from "./+types/properties.$id.fotos";
import { PhotoManager } from "../../components/real-estate/photo-manager.tsx";
import { shareTextOf } from "../../components/real-estate/share-image-sync.ts";
import { imovelDefinition } from "../../../shared/resources/imoveis.ts";
import { guard, screenPermissions } from "../../server/resources.server.ts";
import { MAX_PHOTOS, photoPage } from "../../../worker/services/real-estate/property-photos.ts";

/** The "Fotos" tab of a property: the photo manager over /api/property-photos (one round trip to load). */

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor, org } = guard(args, imovelDefinition, "read");
  const page = await photoPage(ctx, actor, args.params.id);
  if (!page) throw new Response("Imóvel não encontrado.", { status: 404 });
  const { property, photos } = page;
  return {
    propertyId: property.id,
    photos,
    shareKey: property.imagemCompartilhamentoChave,
    // What the share image shows: the same text the edit page and the draft publish draw.
    share: shareTextOf(property, org.name),
    canEdit: screenPermissions(args, imovelDefinition).canUpdate,
    max: MAX_PHOTOS,
  };
}

export default function PropertyPhotosTab({ loaderData }: Route.ComponentProps) {
  const { propertyId, photos, shareKey, share, canEdit, max } = loaderData;
  return (
    <PhotoManager key={propertyId} propertyId={propertyId} initial={photos} canEdit={canEdit} share={share} shareKey={shareKey} max={max} />
  );
}

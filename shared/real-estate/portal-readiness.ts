import { type PortalPhoto, type PortalProperty, type UnmetRule, unmetVrsyncItems, unmetVrsyncRules } from "./vrsync.ts";

export type { PortalPhoto, PortalProperty, PortalRuleField, UnmetRule } from "./vrsync.ts";

/**
 * The property page's portal checklist: what the VRSync feed needs that the property lacks, in
 * pt-BR ("Título com 10 a 100 caracteres", "Pelo menos uma foto", "CEP"…). The feed skips a
 * listing for exactly these rules (one function, `unmetVrsyncRules`), so a property with an
 * empty checklist that is available and marked "Enviar para portais" is in the feed.
 */
export function portalReadiness(property: PortalProperty, photos: readonly PortalPhoto[]): string[] {
  return unmetVrsyncRules(property, photos);
}

/** Whether the property may be marked "Enviar para portais". */
export function portalReady(property: PortalProperty, photos: readonly PortalPhoto[]): boolean {
  return portalReadiness(property, photos).length === 0;
}

/** The checklist with where each item is fixed (the Portal tab's links). */
export function portalChecklist(property: PortalProperty, photos: readonly PortalPhoto[]): UnmetRule[] {
  return unmetVrsyncItems(property, photos);
}

import { useEffect, useState } from "react";
import { Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/brand";
import { AccentField } from "../../components/brand/accent-field.tsx";
import { BrandPreview } from "../../components/brand/brand-preview.tsx";
import { ColorField } from "../../components/brand/color-field.tsx";
import { FontPicker } from "../../components/brand/font-picker.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { CheckboxField, Field, FormError, useFormValidation } from "../../components/ui/form.tsx";
import { brandFormSchema } from "../../../shared/brand/brand-form.ts";
import { BRAND_FONTS, DEFAULT_BRAND, type HexColor } from "../../../shared/brand/brand-style.ts";
import { contrastRatio, formatRatio, MIN_TEXT_CONTRAST, normalizeHex } from "../../../shared/brand/contrast.ts";
import { formatDateTime } from "../../../shared/format.ts";
import { LOGO_TYPES } from "../../../shared/organization/business-fields.ts";
import { titleMeta } from "../../lib/title.ts";
import { domainFailure, keepRetryAfter, parseForm } from "../../server/forms.server.ts";
import { orgTimeZone, requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { forgetSession } from "../../../worker/auth/session-hints.ts";
import { getBrandForEdit, saveBrandStyle } from "../../../worker/services/brand/brand-style.ts";
import { deleteOrgFile, storeLogo } from "../../../worker/services/organization/organization.ts";

export const meta: Route.MetaFunction = () => titleMeta("Estilização");

/** The form's schema, loaded after the page is usable (zod stays out of the first JavaScript). */
const loadBrandSchema = () => import("../../../shared/brand/brand-form.ts").then((m) => m.brandFormSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "brand", "read");
  const edit = await getBrandForEdit(serviceContext(rc), actor);
  return {
    brand: edit.brand,
    orgName: edit.orgName,
    updated: edit.atualizadoEm
      ? `Alterado em ${formatDateTime(edit.atualizadoEm, orgTimeZone(context, request))}${edit.atualizadoPorNome ? ` por ${edit.atualizadoPorNome}` : ""}.`
      : null,
  };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const { rc, actor, org, auth } = requirePermission(context, request, "brand", "update");
  const parsed = await parseForm(request, brandFormSchema);
  if (!parsed.ok) return parsed.response;
  const { logo, removerLogo, ...brand } = parsed.data;
  let newKey: string | undefined;
  try {
    // The logo is the business profile's (/config): stored the same way, pointed at in the same round trip.
    if (logo) newKey = await storeLogo(rc.env.FILES, org.id, logo);
    const logoKey = newKey ?? (removerLogo ? null : undefined);
    const { previousLogoKey } = await saveBrandStyle(serviceContext(rc), actor, brand, { logoKey });
    if (previousLogoKey) rc.waitUntil(deleteOrgFile(rc.env.FILES, org.id, previousLogoKey));
  } catch (error) {
    if (newKey) rc.waitUntil(deleteOrgFile(rc.env.FILES, org.id, newKey));
    return domainFailure(error, parsed.form);
  }
  // The session this isolate remembers holds the old accent: the next page looks it up afresh
  // (one round trip) instead of drawing under the old one and starting over.
  forgetSession(auth.sessionId);
  throw redirect("/cores?salvo=1");
}

/** The live line under "Texto sobre a cor primária": the ratio as the person picks. */
function pairStatus(primary: HexColor | null, text: HexColor | null): { ok: boolean; text: string } | undefined {
  if (!primary || !text) return undefined;
  const ratio = contrastRatio(primary, text);
  return ratio >= MIN_TEXT_CONTRAST
    ? { ok: true, text: `Contraste de ${formatRatio(ratio)}: legível.` }
    : { ok: false, text: `Contraste de ${formatRatio(ratio)}: ilegível. O mínimo é ${formatRatio(MIN_TEXT_CONTRAST)}.` };
}

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand, orgName } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const saved = params.get("salvo") === "1" && navigation.state === "idle" && !result;
  const { errors, formProps } = useFormValidation(loadBrandSchema, result?.errors);
  const typed = result?.values;
  const [primary, setPrimary] = useState(typed?.corPrimaria ?? brand.corPrimaria.toUpperCase());
  const [secondary, setSecondary] = useState(typed?.corSecundaria ?? brand.corSecundaria.toUpperCase());
  const [text, setText] = useState(typed?.corTextoSobrePrimaria ?? brand.corTextoSobrePrimaria.toUpperCase());
  const [font, setFont] = useState<string>(typed?.fonte ?? brand.fonte);
  const [logoFile, setLogoFile] = useState<string | null>(null);
  // The chosen file, shown in the preview before it is sent (the URL is freed when replaced).
  useEffect(() => () => void (logoFile && URL.revokeObjectURL(logoFile)), [logoFile]);

  const p = normalizeHex(primary);
  const s = normalizeHex(secondary);
  const t = normalizeHex(text);
  const fonte = BRAND_FONTS.find((f) => f.id === font)?.id ?? DEFAULT_BRAND.fonte;
  const previewBrand = {
    corPrimaria: p ?? DEFAULT_BRAND.corPrimaria,
    corSecundaria: s ?? DEFAULT_BRAND.corSecundaria,
    corTextoSobrePrimaria: t ?? DEFAULT_BRAND.corTextoSobrePrimaria,
    fonte,
  };
  const logoSrc = logoFile ?? (brand.logoKey ? `/files/${brand.logoKey}` : null);
  const saving = navigation.state === "submitting";

  return (
    <>
      <PageHeader
        title="Estilização"
        description="As cores, a fonte e o logo das artes dos seus posts, e a cor de destaque do Alicerce para a sua equipe."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <aside aria-label="Prévia do post" className="lg:sticky lg:top-6 lg:order-last">
          <BrandPreview brand={previewBrand} logoSrc={logoSrc} orgName={orgName} />
        </aside>
        <Form method="post" encType="multipart/form-data" className="min-w-0 space-y-6" {...formProps}>
          {saved ? <Alert tone="success">Estilização salva.</Alert> : null}
          <FormError errors={errors} />
          <Card title="Cores da marca">
            <div className="grid gap-4 sm:grid-cols-2">
              <ColorField
                label="Cor primária"
                name="corPrimaria"
                value={primary}
                onChange={setPrimary}
                hint="Faixas e fundos das artes."
                error={errors.corPrimaria}
              />
              <ColorField
                label="Cor secundária"
                name="corSecundaria"
                value={secondary}
                onChange={setSecondary}
                hint="Etiqueta de preço e destaques."
                error={errors.corSecundaria}
              />
              <ColorField
                label="Texto sobre a cor primária"
                name="corTextoSobrePrimaria"
                value={text}
                onChange={setText}
                hint="Título e dados escritos na faixa primária."
                status={pairStatus(p, t)}
                error={errors.corTextoSobrePrimaria}
              />
            </div>
          </Card>
          <FontPicker value={fonte} onChange={setFont} error={errors.fonte} />
          <Card title="Logo">
            <div key={brand.logoKey ?? "sem-logo"} className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <div className="grid size-24 shrink-0 place-items-center overflow-hidden rounded-xl border border-line bg-muted">
                {brand.logoKey ? (
                  <img src={`/files/${brand.logoKey}`} alt={`Logo atual de ${orgName}`} className="size-full object-contain" />
                ) : (
                  <span className="px-2 text-center text-xs text-fg-soft">Sem logo</span>
                )}
              </div>
              <div className="min-w-0 flex-1 space-y-3">
                <Field
                  label={brand.logoKey ? "Trocar logo" : "Enviar logo"}
                  name="logo"
                  type="file"
                  accept={LOGO_TYPES.join(",")}
                  hint="PNG, JPEG ou WebP, até 2 MB. É o mesmo logo do Perfil do Negócio."
                  error={errors.logo}
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    setLogoFile(file ? URL.createObjectURL(file) : null);
                  }}
                />
                {brand.logoKey ? <CheckboxField label="Remover o logo atual" name="removerLogo" /> : null}
              </div>
            </div>
          </Card>
          <AccentField saved={brand.corDestaqueApp} typed={typed} primary={p} error={errors.corDestaqueApp} modeError={errors.destaque} />
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit" busy={saving}>
              Salvar estilização
            </Button>
            {loaderData.updated ? <p className="text-sm text-fg-soft">{loaderData.updated}</p> : null}
          </div>
        </Form>
      </div>
    </>
  );
}

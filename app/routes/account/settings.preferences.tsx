import { Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/settings.preferences";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { FormError } from "../../components/ui/form.tsx";
import { titleMeta } from "../../lib/title.ts";
import { COLOR_MODES, type ColorMode } from "../../../shared/enums/account.ts";
import { preferencesSchema } from "../../../shared/account/account.ts";
import { requireOrg } from "../../server/guards.server.ts";
import { parseForm } from "../../server/forms.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { setColorMode } from "../../../worker/services/account/profile.ts";

export const meta: Route.MetaFunction = () => titleMeta("Preferências");

const MODES: Record<ColorMode, { label: string; description: string }> = {
  system: { label: "Sistema", description: "Acompanha o tema claro ou escuro do seu aparelho." },
  light: { label: "Claro", description: "Fundo claro, bom para ambientes iluminados e sol." },
  dark: { label: "Escuro", description: "Fundo escuro, mais confortável à noite." },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = requireOrg(context, request);
  return { colorMode: auth.user.colorMode };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { rc, auth } = requireOrg(context, request);
  const parsed = await parseForm(request, preferencesSchema);
  if (!parsed.ok) return parsed.response;
  await setColorMode(serviceContext(rc), auth.user.id, parsed.data.modoCor);
  // A fresh GET: the root reads the new mode server-side, so even without JavaScript the
  // next page is rendered in it (no flash).
  throw redirect("/settings/preferences?salvo=1");
}

export default function Preferences({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const saved = params.get("salvo") === "1" && navigation.state === "idle";
  const error = result?.errors?.modoCor;
  return (
    <>
      <PageHeader title="Preferências" description="Como o Alicerce aparece para você." />
      <Card title="Aparência">
        {saved ? (
          <div className="mb-4">
            <Alert tone="success">Preferências salvas.</Alert>
          </div>
        ) : null}
        <Form method="post" className="space-y-5">
          <FormError errors={result?.errors} />
          <fieldset aria-describedby={error ? "modo-cor-erro" : undefined}>
            <legend className="text-sm font-medium">Modo de cor</legend>
            <p className="mt-1 mb-3 text-sm text-fg-soft">Vale para todos os aparelhos em que você entrar com esta conta.</p>
            <div className="grid gap-3 sm:grid-cols-3">
              {COLOR_MODES.map((mode) => (
                <label
                  key={mode}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface p-4 has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40"
                >
                  <input
                    type="radio"
                    name="modoCor"
                    value={mode}
                    defaultChecked={loaderData.colorMode === mode}
                    className="mt-1 size-4 accent-[var(--c-accent)]"
                  />
                  <span>
                    <span className="block font-semibold">{MODES[mode].label}</span>
                    <span className="mt-0.5 block text-sm text-fg-soft">{MODES[mode].description}</span>
                  </span>
                </label>
              ))}
            </div>
            {error ? (
              <p id="modo-cor-erro" className="mt-2 text-sm text-danger">
                {error}
              </p>
            ) : null}
          </fieldset>
          <Button type="submit" busy={navigation.state === "submitting"}>
            Salvar preferências
          </Button>
        </Form>
      </Card>
    </>
  );
}

import { lazy, Suspense, useId, useMemo, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { PostVariant } from "../../../../shared/ai/contracts.ts";
import { checkVariant } from "../../../../shared/ai/fact-check.ts";
import type { FactSheet } from "../../../../shared/ai/facts.ts";
import { postOriginDef } from "../../../../shared/social/post-origins.ts";
import { composeCaption, variantRuleProblems } from "../../../../shared/ai/post-variant-rules.ts";
import { slideAltTexts } from "../../../../shared/art/art-from-facts.ts";
import type { ArtSlideKind } from "../../../../shared/art/art-content.ts";
import type { ArtResult, ChosenRecord, GeneratePostView } from "../../../server/social/generate-post.server.ts";
import type { EditorFailure } from "../../../server/social/posts.server.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { ArtStep, type ArtChoice } from "./art-step.tsx";

/**
 * The chosen variant, edited and checked live (ADR 053's checker, so an edit that invents a number
 * is flagged before saving), the art, a phone-sized preview per network, and the save — which is
 * the post editor's own action (`/posts/create`): one way to create a post, with its rules,
 * readiness checks and approval flow. Lazy: only a person who chose a variant loads it.
 */

const Preview = lazy(() => import("../post-preview.tsx"));

const inputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-danger";

const PART_LABEL: Record<string, string> = {
  legenda: "Legenda",
  chamada: "Chamada",
  primeiroComentario: "Primeiro comentário",
  textoAlternativo: "Texto alternativo",
  hashtags: "Hashtags",
  afirmacoes: "Afirmação",
};

function hashtagsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** What the person must fix before saving: invented facts first, then Instagram's rules. */
function problemsOf(variant: PostVariant, edited: Edited, alts: string[], sheet: FactSheet): string[] {
  const all = [edited.legenda, edited.chamada, edited.primeiroComentario].join("\n");
  const checked = {
    legenda: edited.legenda,
    chamada: edited.chamada,
    hashtags: hashtagsOf(edited.hashtags),
    primeiroComentario: edited.primeiroComentario.trim() || null,
    textosAlternativos: alts,
    // A claim whose words the edit removed no longer says anything.
    afirmacoes: variant.afirmacoes.filter((c) => all.includes(c.trecho)),
  };
  const facts = checkVariant(checked, sheet).map((v) => `${PART_LABEL[v.onde] ?? v.onde}: “${v.trecho}” — ${v.motivo}`);
  const rules = variantRuleProblems(checked, { ...sheet, imagens: alts.map((_a, i) => ({ id: String(i), legenda: null })) });
  return [...facts, ...rules];
}

interface Edited {
  legenda: string;
  chamada: string;
  hashtags: string;
  primeiroComentario: string;
}

export default function ComposePost({
  view,
  record,
  variant,
  contas,
}: {
  view: GeneratePostView;
  record: ChosenRecord;
  variant: PostVariant;
  contas: string[];
}) {
  const ids = useId();
  const [edited, setEdited] = useState<Edited>({
    legenda: variant.legenda,
    chamada: variant.chamada,
    hashtags: variant.hashtags.join(" "),
    primeiroComentario: variant.primeiroComentario ?? "",
  });
  const [choice, setChoice] = useState<ArtChoice>({ modelo: "faixa-preco", formato: "retrato", carrossel: record.photos.length > 1 });
  const art = useFetcher<ArtResult>();
  const save = useFetcher<EditorFailure | { error: string }>();
  const [altEdits, setAltEdits] = useState<Record<number, string>>({});
  const stored = art.data?.ok ? art.data : null;
  const images = stored?.images ?? [];
  const slides = (stored?.slides ?? []) as ArtSlideKind[];
  const defaultAlts = useMemo(() => slideAltTexts(slides, variant.textosAlternativos, record.art), [slides, variant, record.art]);
  const alts = defaultAlts.map((a, i) => altEdits[i] ?? a);
  const problems = useMemo(() => problemsOf(variant, edited, alts, record.sheet), [variant, edited, alts, record.sheet]);
  const caption = composeCaption({ legenda: edited.legenda, chamada: edited.chamada, hashtags: hashtagsOf(edited.hashtags) });
  const instagram = view.accounts.find((a) => contas.includes(a.id) && a.rede === "instagram") ?? null;
  const facebook = view.accounts.find((a) => contas.includes(a.id) && a.rede === "facebook") ?? null;
  const saving = save.state !== "idle";
  const failure =
    save.data && "errors" in save.data ? save.data.errors : save.data && "error" in save.data ? { _form: save.data.error } : null;
  const ready = problems.length === 0 && images.length > 0;

  function set<K extends keyof Edited>(key: K, value: string) {
    setEdited((current) => ({ ...current, [key]: value }));
  }

  function render(next: ArtChoice) {
    setAltEdits({});
    art.submit(
      { intent: "arte", tipo: record.tipo, id: record.id, ...next, carrossel: next.carrossel ? "sim" : "nao" },
      { method: "post" },
    );
  }

  return (
    <>
      <Card title="4. Edite o texto">
        <div className="space-y-4">
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-legenda`} className="text-sm font-medium">
              Legenda
            </label>
            <textarea
              id={`${ids}-legenda`}
              rows={8}
              value={edited.legenda}
              onChange={(e) => set("legenda", e.currentTarget.value)}
              className={inputClass}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-chamada`} className="text-sm font-medium">
              Chamada (WhatsApp e link)
            </label>
            <textarea
              id={`${ids}-chamada`}
              rows={2}
              value={edited.chamada}
              onChange={(e) => set("chamada", e.currentTarget.value)}
              className={inputClass}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-hashtags`} className="text-sm font-medium">
              Hashtags
            </label>
            <input
              id={`${ids}-hashtags`}
              value={edited.hashtags}
              onChange={(e) => set("hashtags", e.currentTarget.value)}
              className={inputClass}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-comentario`} className="text-sm font-medium">
              Primeiro comentário (opcional)
            </label>
            <textarea
              id={`${ids}-comentario`}
              rows={2}
              value={edited.primeiroComentario}
              onChange={(e) => set("primeiroComentario", e.currentTarget.value)}
              className={inputClass}
            />
          </div>
          <div aria-live="polite" data-testid="conferencia">
            {problems.length ? (
              <Alert tone="error">
                <span className="block font-semibold">Confira antes de salvar:</span>
                <ul className="mt-1 list-disc space-y-1 ps-5">
                  {problems.map((p) => (
                    <li key={p} className="break-words">
                      {p}
                    </li>
                  ))}
                </ul>
              </Alert>
            ) : (
              <p className="text-sm text-fg-soft">Tudo confere com o cadastro.</p>
            )}
          </div>
        </div>
      </Card>
      <ArtStep
        record={record}
        brand={view.brand}
        choice={choice}
        onChoice={setChoice}
        onRender={render}
        rendering={art.state !== "idle"}
        error={art.data && !art.data.ok ? art.data.error : null}
        images={images}
        alts={alts}
        onAlt={(i, value) => setAltEdits((current) => ({ ...current, [i]: value }))}
      />
      <Card title="6. Prévia e publicação">
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="min-w-0 max-w-sm">
            {images.length ? (
              <Suspense fallback={<p className="text-sm text-fg-soft">Carregando a prévia…</p>}>
                <Preview
                  legenda={caption}
                  link={record.link}
                  images={images.map((img, i) => ({ ...img, legenda: alts[i] ?? null }))}
                  instagram={instagram ? { nome: instagram.nome, usuario: instagram.usuario } : null}
                  facebook={facebook ? { nome: facebook.nome } : null}
                />
              </Suspense>
            ) : (
              <p className="text-sm text-fg-soft">Crie as imagens (passo 5) para ver como o post fica em cada rede.</p>
            )}
          </div>
          <save.Form method="post" action="/posts/create" className="min-w-0 space-y-4">
            <input type="hidden" name="legenda" value={caption} />
            <input type="hidden" name="link" value={record.link} />
            <input type="hidden" name="primeiroComentario" value={edited.primeiroComentario} />
            <input type="hidden" name={postOriginDef(record.tipo).field} value={record.id} />
            {contas.map((c) => (
              <input key={c} type="hidden" name="contas" value={c} />
            ))}
            {images.map((img) => (
              <input key={img.chave} type="hidden" name="midias" value={img.chave} />
            ))}
            {images.length > 1 ? (
              alts.map((a, i) => <input key={i} type="hidden" name="textosAlternativos" value={a} />)
            ) : (
              <input type="hidden" name="textoAlternativo" value={alts[0] ?? ""} />
            )}
            <div className="space-y-1.5">
              <label htmlFor={`${ids}-quando`} className="text-sm font-medium">
                Data e hora ({view.zoneLabel})
              </label>
              <input id={`${ids}-quando`} type="datetime-local" name="agendadoParaLocal" className={inputClass} />
              <p className="text-xs text-fg-soft">
                {view.canApprove ? "Para “Agendar”. “Publicar agora” ignora a data." : "Sugira quando sair; quem aprova confirma."}
              </p>
            </div>
            {failure ? (
              <Alert tone="error">
                <ul className="list-disc space-y-1 ps-5">
                  {Object.values(failure).map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            {!ready ? (
              <p className="text-sm text-fg-soft">
                {images.length === 0
                  ? "Crie as imagens antes de salvar."
                  : "Corrija o que está em “Confira antes de salvar” para continuar."}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-3">
              {view.canApprove ? (
                <>
                  <Button type="submit" name="intent" value="publicar" busy={saving} disabled={!ready}>
                    Publicar agora
                  </Button>
                  <Button type="submit" name="intent" value="agendar" variant="secondary" busy={saving} disabled={!ready}>
                    Agendar
                  </Button>
                </>
              ) : (
                <Button type="submit" name="intent" value="enviar" busy={saving} disabled={!ready}>
                  Enviar para aprovação
                </Button>
              )}
              <Button type="submit" name="intent" value="salvar" variant="ghost" busy={saving} disabled={!ready}>
                Salvar rascunho
              </Button>
              <Link to={record.href} className="btn btn-ghost">
                Cancelar
              </Link>
            </div>
          </save.Form>
        </div>
      </Card>
    </>
  );
}

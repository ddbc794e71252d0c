import { lazy, Suspense, useId, useState } from "react";
import { Form, Link } from "react-router";
import type { PostVariant } from "../../../../shared/ai/contracts.ts";
import { GENERATION_STATUS } from "../../../../shared/ai/generation-paths.ts";
import { GENERATION_GOAL, GENERATION_GOALS, GENERATION_TONE, GENERATION_TONES } from "../../../../shared/ai/generation-options.ts";
import type { GenerationGoal, GenerationTone } from "../../../../shared/ai/generation-options.ts";
import { POST_ORIGIN, SOCIAL_NETWORK, type SocialNetwork } from "../../../../shared/enums/social.ts";
import type { GeneratePostView } from "../../../server/social/generate-post.server.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Card, PageHeader } from "../../ui/card.tsx";
import { useHydrated } from "../../ui/hydrated.ts";
import { type GenerationView, useGenerationPhases } from "./use-generation.ts";
import { VariantCard } from "./variant-card.tsx";

/** The edit, art, previews and save: loaded once a variant is chosen (satisfies the page's JS budget). */
const ComposePost = lazy(() => import("./compose-post.tsx"));

const selectClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30";

function RecordPicker({ view }: { view: GeneratePostView }) {
  if (view.chosen) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1 break-words">
          <span className="block text-xs text-fg-soft">{POST_ORIGIN.label(view.chosen.tipo)}</span>
          <Link to={view.chosen.href} className="font-semibold text-accent hover:underline">
            {view.chosen.title}
          </Link>
        </p>
        <Link to="/gerar-postagem" className={buttonClass("ghost")}>
          Trocar
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {view.missing ? <Alert tone="error">Registro não encontrado (imóvel, produto ou serviço). Busque outro abaixo.</Alert> : null}
      <Form method="get" role="search" className="flex flex-wrap gap-2">
        <label htmlFor="busca-registro" className="sr-only">
          Buscar imóvel, produto ou serviço
        </label>
        <input
          id="busca-registro"
          type="search"
          name="busca"
          defaultValue={view.busca}
          placeholder="Código, título, bairro, produto ou serviço"
          className={`${selectClass} min-w-0 flex-1`}
        />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>
      {view.choices.length ? (
        <ul aria-label="Resultados" className="divide-y divide-line rounded-lg border border-line">
          {view.choices.map((c) => (
            <li key={`${c.tipo}-${c.id}`}>
              <Link
                to={`/gerar-postagem?${c.tipo}=${c.id}`}
                className="flex min-h-11 items-center gap-2 px-3 py-2 text-sm hover:bg-accent-soft focus-visible:bg-accent-soft"
              >
                <span className="badge badge-neutral shrink-0">{POST_ORIGIN.label(c.tipo)}</span>
                <span className="min-w-0 break-words">{c.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-soft">
          {view.busca ? "Nada encontrado com essa busca." : "Cadastre um imóvel, produto ou serviço para gerar um post."}
        </p>
      )}
    </div>
  );
}

export function GeneratePost({ view }: { view: GeneratePostView }) {
  const hydrated = useHydrated();
  const ids = useId();
  const usable = view.accounts.filter((a) => a.status === "ativa");
  const [contas, setContas] = useState<string[]>(() => {
    const byNetwork = new Map<SocialNetwork, string>();
    for (const a of usable) if (!byNetwork.has(a.rede)) byNetwork.set(a.rede, a.id);
    return [...byNetwork.values()];
  });
  const [objetivo, setObjetivo] = useState<GenerationGoal>(view.chosen?.sheet.registro.finalidade === "locacao" ? "alugar" : "vender");
  const [tom, setTom] = useState<GenerationTone>("profissional");
  const { view: gen, start, cancel } = useGenerationPhases();
  const [chosen, setChosen] = useState<number | null>(null);
  const redes = [...new Set(contas.map((id) => usable.find((a) => a.id === id)?.rede).filter((r): r is SocialNetwork => !!r))];
  const record = view.chosen;
  const busy = gen.phase === "asking" || gen.phase === "running";
  const result = gen.phase === "done" && gen.generation.resultado?.tipo === "post" ? gen.generation.resultado.variantes : [];
  const variant: PostVariant | null = chosen !== null ? (result[chosen] ?? null) : null;

  function toggle(id: string, on: boolean) {
    const rede = usable.find((a) => a.id === id)?.rede;
    // One account per network: choosing a second Page replaces the first.
    setContas((current) =>
      on ? [...current.filter((c) => usable.find((a) => a.id === c)?.rede !== rede), id] : current.filter((c) => c !== id),
    );
  }

  function generate() {
    if (!record || redes.length === 0) return;
    setChosen(null);
    void start({ tipo: "post", registro: { tipo: record.tipo, id: record.id }, redes, objetivo, tom });
  }

  return (
    <>
      <PageHeader
        title="Gerar Postagem"
        description="Do cadastro ao post pronto: legenda com os dados do imóvel, produto ou serviço, arte com as cores do negócio, e a publicação."
      />
      <div className="space-y-6">
        <Card title="1. O que divulgar">
          <RecordPicker view={view} />
        </Card>
        {record ? (
          <Card title="2. Onde e como">
            <div className="space-y-4">
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Redes</legend>
                {usable.length === 0 ? (
                  <p className="text-sm text-fg-soft">
                    Nenhuma conta conectada.{" "}
                    <Link to="/social-connect-simple" className="font-semibold text-accent underline">
                      Conecte o Instagram ou o Facebook
                    </Link>{" "}
                    para publicar.
                  </p>
                ) : (
                  <ul className="grid gap-2 sm:grid-cols-2">
                    {usable.map((a) => (
                      <li key={a.id}>
                        <label className="flex min-h-11 items-center gap-3 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft">
                          <input
                            type="checkbox"
                            checked={contas.includes(a.id)}
                            onChange={(e) => toggle(a.id, e.currentTarget.checked)}
                            className="size-4 shrink-0"
                          />
                          <span className="min-w-0">
                            <span className="block font-semibold break-words">{a.nome}</span>
                            <span className="block text-xs text-fg-soft">{SOCIAL_NETWORK.label(a.rede)}</span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </fieldset>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="space-y-1.5">
                  <label htmlFor={`${ids}-objetivo`} className="text-sm font-medium">
                    Objetivo
                  </label>
                  <select
                    id={`${ids}-objetivo`}
                    value={objetivo}
                    onChange={(e) => setObjetivo(e.currentTarget.value as GenerationGoal)}
                    className={selectClass}
                  >
                    {GENERATION_GOALS.map((g) => (
                      <option key={g} value={g}>
                        {GENERATION_GOAL.label(g)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="space-y-1.5">
                  <label htmlFor={`${ids}-tom`} className="text-sm font-medium">
                    Tom
                  </label>
                  <select
                    id={`${ids}-tom`}
                    value={tom}
                    onChange={(e) => setTom(e.currentTarget.value as GenerationTone)}
                    className={selectClass}
                  >
                    {GENERATION_TONES.map((t) => (
                      <option key={t} value={t}>
                        {GENERATION_TONE.label(t)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Button type="button" onClick={generate} busy={busy} disabled={!hydrated || redes.length === 0}>
                  {gen.phase === "done" ? "Gerar de novo" : "Gerar legenda"}
                </Button>
                {gen.phase === "running" ? (
                  <Button type="button" variant="secondary" onClick={() => void cancel()}>
                    Cancelar geração
                  </Button>
                ) : null}
                {redes.length === 0 && usable.length > 0 ? <p className="text-sm text-fg-soft">Escolha ao menos uma rede.</p> : null}
              </div>
              <Progress gen={gen} />
            </div>
          </Card>
        ) : null}
        {record && gen.phase === "done" ? (
          <Outcome gen={gen} onRetry={generate}>
            {result.length ? (
              <Card title="3. Escolha uma versão">
                <fieldset className="space-y-3">
                  <legend className="sr-only">Versões da legenda</legend>
                  {result.map((v, i) => (
                    <label
                      key={i}
                      className="block rounded-xl border border-line p-4 has-[:checked]:border-accent has-[:checked]:ring-2 has-[:checked]:ring-accent/30"
                    >
                      <span className="mb-2 flex items-center gap-2 font-semibold">
                        <input type="radio" name="variante" checked={chosen === i} onChange={() => setChosen(i)} className="size-4" />
                        Versão {i + 1}
                      </span>
                      <VariantCard variant={v} sheet={record.sheet} />
                    </label>
                  ))}
                </fieldset>
                <p className="mt-3 text-xs text-fg-soft">
                  Os trechos marcados vêm do cadastro; passe o mouse ou use o leitor de tela para ver de qual campo.
                </p>
              </Card>
            ) : null}
          </Outcome>
        ) : null}
        {record && variant && chosen !== null ? (
          <Suspense fallback={<p className="text-sm text-fg-soft">Carregando o editor…</p>}>
            <ComposePost
              key={`${gen.phase === "done" ? gen.generation.id : ""}-${chosen}`}
              view={view}
              record={record}
              variant={variant}
              contas={contas}
            />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}

function Progress({ gen }: { gen: GenerationView }) {
  if (gen.phase === "error") return <Alert tone="error">{gen.message}</Alert>;
  if (gen.phase === "asking") {
    return (
      <p role="status" className="text-sm text-fg-soft">
        Pedindo a legenda…
      </p>
    );
  }
  if (gen.phase !== "running") return null;
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm text-fg-soft">
        {/* A steady line (not a running count): a screen reader announces each change. */}
        {gen.text ? "Escrevendo a legenda… o texto aparece abaixo." : `${GENERATION_STATUS.label(gen.status)}…`}
      </p>
      <section
        data-testid="texto-gerando"
        aria-label="Texto sendo escrito"
        className="max-h-72 min-h-24 overflow-y-auto whitespace-pre-line break-words rounded-lg border border-line bg-bg p-3 text-sm"
      >
        {gen.text || <span className="inline-block h-4 w-2/3 animate-pulse rounded bg-line" />}
      </section>
    </div>
  );
}

function Outcome({
  gen,
  onRetry,
  children,
}: {
  gen: Extract<GenerationView, { phase: "done" }>;
  onRetry: () => void;
  children: React.ReactNode;
}) {
  const g = gen.generation;
  if (g.status === "cancelada") {
    return <Alert tone="info">Geração cancelada. Ajuste o pedido e gere de novo quando quiser.</Alert>;
  }
  if (g.status === "falhou") {
    return (
      <Alert tone="error">
        <span className="block">{g.erro?.mensagem ?? "Não foi possível gerar a legenda."}</span>
        {g.erro?.codigo !== "ai_monthly_limit" ? (
          <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">
            Tentar de novo
          </button>
        ) : null}
      </Alert>
    );
  }
  return (
    <>
      {g.aviso ? <Alert tone="info">{g.aviso}</Alert> : null}
      {children}
    </>
  );
}

import { type FormEvent, useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { MonthIdea } from "../../../shared/ai/contracts.ts";
import type { Generation } from "../../../shared/ai/generation-api.ts";
import { GENERATION_TONE, IDEA_FORMAT } from "../../../shared/ai/generation-options.ts";
import type { PlanDraftsResult } from "../../../shared/ai/plan-drafts.ts";
import { dayLabel, fullDayLabel, WEEKDAYS_SHORT, weekdayOf } from "../../../shared/social/calendar.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { SelectField } from "../ui/form.tsx";
import { type ToastData, Toaster } from "../ui/toast.tsx";
import { AI_PATHS, callApi } from "./api.ts";
import { GenerationStatus } from "./generation-status.tsx";
import { isRunning, useGeneration } from "./use-generation.ts";

export interface MonthOption {
  value: string;
  label: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the drafts request did, said in one line. */
function draftsMessage(r: PlanDraftsResult): string {
  const parts = [
    r.criados ? `${plural(r.criados, "rascunho criado", "rascunhos criados")} no calendário` : "Nenhum rascunho novo",
    r.jaEram ? `${plural(r.jaEram, "ideia já era rascunho", "ideias já eram rascunhos")}` : "",
    r.passadas ? `${plural(r.passadas, "ideia ficou de fora (o dia já passou)", "ideias ficaram de fora (o dia já passou)")}` : "",
  ].filter(Boolean);
  return `${parts.join("; ")}.`;
}

function IdeaItem({
  idea,
  index,
  chosen,
  draftId,
  onToggle,
}: {
  idea: MonthIdea;
  index: number;
  chosen: boolean;
  draftId: string | undefined;
  onToggle: (index: number) => void;
}) {
  const box = `ideia-${index}`;
  return (
    <li className="flex gap-3 rounded-lg border border-line p-3" data-testid="ai-idea">
      <div className="w-14 shrink-0 text-center">
        <p className="text-xs uppercase text-fg-soft">{WEEKDAYS_SHORT[weekdayOf(idea.data)]}</p>
        <p className="text-lg font-bold leading-tight">{Number(idea.data.slice(8, 10))}</p>
      </div>
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          {draftId ? null : (
            <input
              id={box}
              type="checkbox"
              className="size-4 accent-[var(--c-accent)]"
              checked={chosen}
              onChange={() => onToggle(index)}
              aria-label={`Incluir “${idea.titulo}” em ${fullDayLabel(idea.data)}`}
            />
          )}
          <h4 className="font-semibold">{idea.titulo}</h4>
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{IDEA_FORMAT.label(idea.formato)}</span>
          {draftId ? (
            <Link to={`/posts/${draftId}/edit`} className="rounded-full bg-ok-soft px-2 py-0.5 text-xs text-ok underline">
              No calendário: abrir rascunho
            </Link>
          ) : null}
        </div>
        <p className="sr-only">{fullDayLabel(idea.data)}</p>
        <p className="line-clamp-3 whitespace-pre-wrap break-words text-sm">{idea.legenda}</p>
        <p className="text-xs text-fg-soft">
          <span className="font-medium">Por quê:</span> {idea.motivo}
        </p>
      </div>
    </li>
  );
}

/** "Um mês de ideias": a plan from the business's records and Brazil's dates → drafts on /content-calendar in one click. */
export function MonthPlanner({
  initial,
  months,
  drafted,
}: {
  initial: Generation | null;
  months: readonly MonthOption[];
  /** Idea position → its live draft's id (the loader's marks for the plan shown). */
  drafted: Readonly<Record<number, string>>;
}) {
  const state = useGeneration(initial);
  const { generation } = state;
  const revalidator = useRevalidator();
  const running = isRunning(generation) || state.starting;
  const ideas = generation?.status === "pronta" && generation.resultado?.tipo === "mes" ? generation.resultado.ideias : [];
  const [unchosen, setUnchosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState<ToastData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const planId = generation?.id;
  // A new plan starts with every idea chosen.
  useEffect(() => {
    if (planId) setUnchosen(new Set());
  }, [planId]);
  // The loader's marks belong to the plan it read; a plan made here has none yet.
  const marks = generation && generation.id === initial?.id ? drafted : {};
  const open = ideas.map((_, i) => i).filter((i) => !marks[i]);
  const chosen = open.filter((i) => !unchosen.has(i));
  const mes = String((generation?.pedido as { mes?: string } | undefined)?.mes ?? months[0]?.value ?? "");

  const toggle = (i: number) =>
    setUnchosen((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void state.start({ tipo: "mes", mes: String(form.get("mes")), tom: String(form.get("tom")) as never });
  };

  const toDrafts = async () => {
    if (!generation || !chosen.length) return;
    setBusy(true);
    setFailure(null);
    const all = chosen.length === ideas.length;
    const answer = await callApi<PlanDraftsResult>(AI_PATHS.drafts(generation.id), { json: all ? {} : { ideias: chosen } });
    setBusy(false);
    if (!answer.ok) return setFailure(answer.message);
    const day = answer.data.primeiroDia ?? `${mes}-01`;
    setToast({
      id: crypto.randomUUID(),
      message: draftsMessage(answer.data),
      link: { to: `/content-calendar?data=${day.slice(0, 7)}`, label: "Ver no calendário" },
    });
    void revalidator.revalidate();
  };

  return (
    <Card title="Um mês de ideias">
      <p className="mb-4 text-sm text-fg-soft">
        Um plano de posts para o mês a partir dos seus cadastros (imóveis novos, baixas de preço, produtos novos ou com estoque baixo) e das
        datas que importam no Brasil. Cada ideia diz por que foi sugerida; as escolhidas viram rascunhos no calendário.
      </p>
      <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={submit} aria-label="Gerar um mês de ideias">
        <SelectField label="Mês" name="mes" options={months} defaultValue={mes} />
        <SelectField
          label="Tom"
          name="tom"
          options={GENERATION_TONE.options}
          defaultValue={String((generation?.pedido as { tom?: string } | undefined)?.tom ?? "acolhedor")}
        />
        <Button type="submit" busy={running}>
          {running ? "Gerando…" : "Gerar plano"}
        </Button>
      </form>
      <div className="mt-5 space-y-4">
        <GenerationStatus
          generation={generation}
          text={state.text}
          error={state.error}
          onCancel={() => void state.cancel()}
          label="Plano"
        />
        {ideas.length ? (
          <section aria-labelledby="plano-title" className="space-y-3" data-testid="ai-month-plan">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 id="plano-title" className="font-semibold">
                {generation?.titulo} · {plural(ideas.length, "ideia", "ideias")}
              </h3>
              <div className="flex flex-wrap items-center gap-2">
                {open.length ? (
                  <Button type="button" busy={busy} disabled={!chosen.length} onClick={() => void toDrafts()}>
                    {busy
                      ? "Criando rascunhos…"
                      : chosen.length === open.length
                        ? `Criar ${plural(chosen.length, "rascunho", "rascunhos")} no calendário`
                        : `Criar ${plural(chosen.length, "rascunho escolhido", "rascunhos escolhidos")}`}
                  </Button>
                ) : (
                  <p className="text-sm font-medium text-ok">Todas as ideias já estão no calendário.</p>
                )}
                <Link className="text-sm text-accent underline" to={`/content-calendar?data=${mes}`}>
                  Abrir o calendário de {dayLabel(`${mes}-01`).replace(/^1 de /, "")}
                </Link>
              </div>
            </div>
            {failure ? (
              <p role="alert" className="text-sm text-danger">
                {failure}
              </p>
            ) : null}
            <ol className="space-y-2">
              {ideas.map((idea, i) => (
                <IdeaItem
                  key={`${idea.data}-${idea.titulo}`}
                  idea={idea}
                  index={i}
                  chosen={!unchosen.has(i)}
                  draftId={marks[i]}
                  onToggle={toggle}
                />
              ))}
            </ol>
          </section>
        ) : null}
      </div>
      <Toaster toast={toast} />
    </Card>
  );
}

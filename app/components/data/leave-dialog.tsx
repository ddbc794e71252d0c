import { useEffect, useRef } from "react";
import { Button } from "../ui/button.tsx";

/** "Sair sem salvar?": the question every form asks before its changes are lost (the shared form, the post editor). */

export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="sair-sem-salvar-titulo"
      onCancel={(e) => {
        e.preventDefault();
        onStay();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-5 text-fg shadow-xl backdrop:bg-black/40"
    >
      <h2 id="sair-sem-salvar-titulo" className="text-lg font-semibold">
        Sair sem salvar?
      </h2>
      <p className="mt-2 text-sm text-fg-soft">Você tem alterações que ainda não foram salvas. Se sair agora, elas se perdem.</p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onLeave}>
          Sair sem salvar
        </Button>
        <Button type="button" onClick={onStay} autoFocus>
          Continuar editando
        </Button>
      </div>
    </dialog>
  );
}

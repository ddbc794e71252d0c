import { Link } from "react-router";
import { buttonClass } from "../ui/button.tsx";

/** A login callback that did not connect: what happened in pt-BR and the way back (the page has no layout). */
export function CallbackError({ network, message, next }: { network: string; message: string; next: string }) {
  return (
    <main id="conteudo" className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-4 py-10">
      <h1 className="text-2xl font-bold">Não foi possível conectar o {network}</h1>
      <p role="alert" className="mt-3 text-fg-soft">
        {message}
      </p>
      <Link to={next} className={buttonClass("primary", "mt-8 self-start")}>
        Voltar
      </Link>
    </main>
  );
}

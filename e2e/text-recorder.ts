// Records every text a browser test shows, so that the message catalogue test
// (text-catalogue.e2e.ts) can check each text of the spec was seen by some flow, not merely written in
// the source. A script in each page watches the DOM and reports the rendered text (innerText, so only
// what is displayed) of whatever changed, plus placeholders, titles and accessible labels.
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";

/** scripts/run-e2e.mjs gives each run its own folder. */
export const SEEN_TEXTS_DIR = process.env.E2E_SEEN_TEXTS_DIR || "test-results/seen-texts";

/** Runs in the page before its scripts. Kept free of closures over Node values: it is serialised. */
function pageRecorder() {
  const win = window as unknown as {
    __textRecorderInstalled?: boolean;
    __recordTexts?: (texts: string[]) => Promise<void>;
    __flushTexts?: () => Promise<void> | undefined;
  };
  if (win.__textRecorderInstalled) return;
  win.__textRecorderInstalled = true;
  const reported = new Set<string>();
  const pending = new Set<Element>();
  const normalise = (text: string) => text.replace(/\s+/g, " ").trim();
  const labelled = "[placeholder],[title],[aria-label]";

  // An element changed while hidden (a Suspense boundary shows its content by a style change, which
  // is not watched) is looked at again for two seconds, so a text shown a moment later still counts.
  const hiddenSince = new Map<Element, number>();
  let retryScheduled = false;
  const flush = () => {
    const out: string[] = [];
    const report = (raw: string | null | undefined) => {
      const text = normalise(raw ?? "");
      if (text && !reported.has(text)) {
        reported.add(text);
        out.push(text);
      }
    };
    for (const element of pending) {
      if (!element.isConnected) continue;
      if (!element.checkVisibility()) {
        if (!hiddenSince.has(element)) hiddenSince.set(element, performance.now());
        continue;
      }
      hiddenSince.delete(element);
      report((element as HTMLElement).innerText ?? element.textContent);
      // Toasts are also reported with their variant, so the catalogue can check failures are red.
      const toasts = [
        element.closest("[data-toast-variant]"),
        ...element.querySelectorAll("[data-toast-variant]"),
      ];
      for (const toastElement of toasts) {
        if (!toastElement?.checkVisibility()) continue;
        const variant = toastElement.getAttribute("data-toast-variant");
        report(`toast:${variant}: ${normalise((toastElement as HTMLElement).innerText)}`);
      }
      for (const withLabel of [element, ...element.querySelectorAll(labelled)]) {
        if (!withLabel.matches(labelled) || !withLabel.checkVisibility()) continue;
        report(withLabel.getAttribute("placeholder"));
        report(withLabel.getAttribute("title"));
        report(withLabel.getAttribute("aria-label"));
      }
    }
    pending.clear();
    for (const [element, since] of hiddenSince) {
      if (performance.now() - since > 2000 || !element.isConnected) hiddenSince.delete(element);
      else pending.add(element);
    }
    if (pending.size > 0 && !retryScheduled) {
      retryScheduled = true;
      setTimeout(() => {
        retryScheduled = false;
        flush();
      }, 250);
    }
    report(document.title);
    return out.length > 0 ? win.__recordTexts?.(out) : undefined;
  };
  // Called before the context closes (recordShownTexts): what the page shows now is sent, and the
  // promise waits until the test's process has written it.
  win.__flushTexts = () => {
    pending.add(document.documentElement);
    return flush();
  };

  let scheduled = false;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const target =
        record.target.nodeType === Node.ELEMENT_NODE
          ? (record.target as Element)
          : record.target.parentElement;
      if (target) pending.add(target);
    }
    // A microtask runs after the change is committed and before anything can take it away again, so
    // even a label shown for one request ('Renaming...') is caught.
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        flush();
      });
    }
  });
  const start = () => {
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["placeholder", "title", "aria-label", "data-state", "hidden"],
    });
    pending.add(document.documentElement);
    flush();
  };
  if (document.documentElement) start();
  else document.addEventListener("readystatechange", start, { once: true });
}

/** The file this test worker appends to; one per worker process. */
function recordingFile(): string {
  return join(SEEN_TEXTS_DIR, `${process.pid}.txt`);
}

export async function recordShownTexts(context: BrowserContext): Promise<void> {
  mkdirSync(SEEN_TEXTS_DIR, { recursive: true });
  const file = recordingFile();
  await context.exposeBinding("__recordTexts", (_source, texts: string[]) => {
    appendFileSync(file, `${texts.map((text) => JSON.stringify(text)).join("\n")}\n`);
  });
  await context.addInitScript(pageRecorder);
  // A test that closes its context right after a text appears would lose the texts still on their
  // way from the page (the binding's calls are asynchronous): closing sends and waits for them.
  const close = context.close.bind(context);
  context.close = async (options) => {
    // At most two seconds: a page that cannot answer (a blocked one) must not keep the context open.
    const sent = Promise.all(
      context
        .pages()
        .map((page) =>
          page.evaluate(() => (window as { __flushTexts?: () => unknown }).__flushTexts?.()).catch(() => {}),
        ),
    );
    await Promise.race([sent, new Promise((resolve) => setTimeout(resolve, 2000))]);
    return close(options);
  };
}

/** Every text recorded by this run's browser tests. */
export function readShownTexts(): string[] {
  let files: string[];
  try {
    files = readdirSync(SEEN_TEXTS_DIR);
  } catch {
    return [];
  }
  const texts = new Set<string>();
  for (const file of files) {
    for (const line of readFileSync(join(SEEN_TEXTS_DIR, file), "utf8").split("\n")) {
      if (line) texts.add(JSON.parse(line) as string);
    }
  }
  return [...texts];
}

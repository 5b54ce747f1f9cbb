import {
  CSV_FIELD_LABELS,
  CSV_FIELDS,
  type CsvField,
  type CsvMapping,
  FORMAT_LABELS,
  IMPORT_BYTES_MAX,
  IMPORT_FORMATS,
  type ImportAnswerDto,
  type ImportFormat,
} from "@core/schemas/import-export";
import { Clock, FileUp, TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog";
import { CancelAndAction } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import {
  formatOfFileName,
  ImportBusyError,
  importPlan,
  useImportPlan,
} from "@/entities/import-export/api/import-plan";
import { errorMessage } from "@/lib/error-message";
import { useOpenProject } from "@/lib/open-project";
import { toast } from "@/lib/use-toast";
import { cn } from "@/lib/utils";

type ImportDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The file types the picker offers. */
const ACCEPT = ".xml,.gan,.csv,.json,application/xml,text/csv,application/json";

/** The server could not take the import now: its words, and when the dialog tries again. */
type Busy = { message: string; retryAt: number };

type Preview =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ready"; answer: ImportAnswerDto }
  | { state: "failed"; message: string }
  | ({ state: "busy" } & Busy);

const busyOf = (error: ImportBusyError): Busy => ({
  message: error.message,
  retryAt: Date.now() + error.retryAfterSeconds * 1000,
});

/**
 * Import a plan from a file (MS Project XML, GanttProject, CSV or our JSON): pick or drop it, see
 * what the import would create from the server's dry run (and for CSV, which column holds what),
 * then import it; the new project opens.
 */
export function ImportDialog({ open, onOpenChange }: ImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>("mspdi");
  const [name, setName] = useState("");
  const [mapping, setMapping] = useState<CsvMapping | undefined>(undefined);
  const [preview, setPreview] = useState<Preview>({ state: "idle" });
  const [dragging, setDragging] = useState(false);
  // Bumped to ask the dry run again once a busy server's Retry-After has passed.
  const [attempt, setAttempt] = useState(0);
  // The import itself met a busy server: it is sent again once the Retry-After has passed.
  const [submitBusy, setSubmitBusy] = useState<Busy | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const importMutation = useImportPlan();
  const openProject = useOpenProject();

  useEffect(() => {
    if (open) return;
    setFile(null);
    setName("");
    setMapping(undefined);
    setPreview({ state: "idle" });
    setSubmitBusy(null);
  }, [open]);

  // A new file, format or mapping asks the server's dry run again; the latest answer wins.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger to ask again after a busy answer.
  useEffect(() => {
    if (!file) return;
    if (file.size > IMPORT_BYTES_MAX) {
      setPreview({ state: "failed", message: "The file is larger than 20 MiB." });
      return;
    }
    if (file.size === 0) {
      setPreview({ state: "failed", message: "The file is empty." });
      return;
    }
    let current = true;
    setPreview({ state: "loading" });
    importPlan({ file, format, dryRun: true, mapping })
      .then((answer) => {
        if (!current) return;
        setPreview({ state: "ready", answer });
        setName((typed) => typed || answer.name);
      })
      .catch((error) => {
        if (!current) return;
        if (error instanceof ImportBusyError) setPreview({ state: "busy", ...busyOf(error) });
        else setPreview({ state: "failed", message: errorMessage(error) });
      });
    return () => {
      current = false;
    };
  }, [file, format, mapping, attempt]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setMapping(undefined);
    setName("");
    setFormat(formatOfFileName(chosen.name) ?? "csv");
  };

  const submit = async () => {
    if (!file || preview.state !== "ready") return;
    setSubmitBusy(null);
    try {
      const answer = await importMutation.mutateAsync({ file, format, name, mapping });
      const { tasks, dependencies } = answer.imported;
      toast({
        title: "Project imported",
        description: `${answer.name}: ${tasks} ${tasks === 1 ? "task" : "tasks"}, ${dependencies} ${dependencies === 1 ? "dependency" : "dependencies"}.`,
      });
      onOpenChange(false);
      if (answer.project) openProject(answer.project);
    } catch (error) {
      if (error instanceof ImportBusyError) setSubmitBusy(busyOf(error));
      else toast({ variant: "destructive", title: "Import failed", description: errorMessage(error) });
    }
  };

  const answer = preview.state === "ready" ? preview.answer : null;
  const submitting = importMutation.isPending;

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !submitting && onOpenChange(next)}
      className="sm:max-w-xl"
      title="Import a Plan"
      description="From MS Project (XML), ProjectLibre, GanttProject, a CSV task list, or a JSON backup. You see what it holds before anything is created."
      footer={
        <CancelAndAction
          label="Import"
          pendingLabel="Importing..."
          pending={submitting}
          disabled={!answer}
          onClick={() => void submit()}
        />
      }
    >
      <div
        role="button"
        tabIndex={0}
        data-testid="import-drop-zone"
        onClick={() => inputRef.current?.click()}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            inputRef.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          choose(event.dataTransfer.files[0]);
        }}
        className={cn(
          "flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
          dragging ? "border-primary bg-primary/5" : "border-input hover:bg-muted/50",
        )}
      >
        <FileUp className="size-6 text-muted-foreground" aria-hidden />
        {file ? (
          <span className="font-medium break-all">{file.name}</span>
        ) : (
          <span>
            <span className="font-medium">Choose a file</span> or drop it here
          </span>
        )}
        <span className="text-xs text-muted-foreground">.xml, .gan, .csv or .json, up to 20 MiB</span>
      </div>
      {/* Beside the drop zone, not in it: a control inside a button is not reachable as itself. */}
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        aria-label="Plan file"
        tabIndex={-1}
        onChange={(event) => choose(event.target.files?.[0])}
      />

      {file && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-format`}>Format</Label>
            <NativeSelect
              id={`${ids}-format`}
              value={format}
              onChange={(event) => {
                setMapping(undefined);
                setFormat(event.target.value as ImportFormat);
              }}
            >
              {IMPORT_FORMATS.map((value) => (
                <option key={value} value={value}>
                  {FORMAT_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-name`}>Project name</Label>
            <Input
              id={`${ids}-name`}
              value={name}
              maxLength={200}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
        </div>
      )}

      {answer?.csv && (
        <CsvMappingFields
          columns={answer.csv.columns}
          mapping={answer.csv.mapping}
          onChange={(next) => setMapping(next)}
        />
      )}

      {preview.state === "busy" ? (
        <BusyNotice
          busy={preview}
          action="Reading the file"
          onRetry={() => setAttempt((count) => count + 1)}
        />
      ) : (
        <ImportPreview preview={preview} />
      )}
      {submitBusy && (
        <BusyNotice
          key={submitBusy.retryAt}
          busy={submitBusy}
          action="Importing"
          onRetry={() => void submit()}
        />
      )}
    </DialogShell>
  );
}

/**
 * A server too busy to take the import now, in words: what it said, and a countdown to the next
 * try, which the dialog makes by itself (or at once, with "Try now").
 */
function BusyNotice({ busy, action, onRetry }: { busy: Busy; action: string; onRetry: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const retried = useRef(false);
  const left = Math.max(0, Math.ceil((busy.retryAt - now) / 1000));
  // A new busy answer mounts a new notice (keyed by its retryAt): one countdown, one retry each.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left > 0 || retried.current) return;
    retried.current = true;
    onRetry();
  }, [left, onRetry]);
  return (
    <div
      role="status"
      data-testid="import-busy"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-warning-border bg-warning-tint p-3 text-sm text-warning-tint-foreground"
    >
      <Clock className="size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        {busy.message}{" "}
        <span className="whitespace-nowrap">
          {left > 0 ? `${action} again in ${left} s.` : `${action} again...`}
        </span>
      </p>
      <Button size="sm" variant="outline" onClick={onRetry} disabled={left === 0}>
        Try now
      </Button>
    </div>
  );
}

/** What the dry run says the import creates, and what it drops. */
function ImportPreview({ preview }: { preview: Preview }) {
  if (preview.state === "idle" || preview.state === "busy") return null;
  if (preview.state === "loading")
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Reading the file...
      </p>
    );
  if (preview.state === "failed")
    return (
      <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
        {preview.message}
      </p>
    );
  const { imported, warnings } = preview.answer;
  return (
    <div data-testid="import-preview" className="grid gap-2 rounded-md border p-3 text-sm">
      <p className="font-medium">
        This creates {imported.tasks} {imported.tasks === 1 ? "task" : "tasks"}, {imported.dependencies}{" "}
        {imported.dependencies === 1 ? "dependency" : "dependencies"} and {imported.categories}{" "}
        {imported.categories === 1 ? "category" : "categories"}.
      </p>
      {warnings.length > 0 && (
        <ul className="grid max-h-40 gap-1 overflow-y-auto text-muted-foreground" aria-label="Warnings">
          {warnings.map((warning) => (
            <li key={warning} className="flex gap-2">
              <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden />
              <span>{warning}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Which column of the CSV holds each field, the server's guesses filled in. */
function CsvMappingFields({
  columns,
  mapping,
  onChange,
}: {
  columns: string[];
  mapping: CsvMapping;
  onChange: (mapping: CsvMapping) => void;
}) {
  const ids = useId();
  const set = (field: CsvField, column: string) => {
    const next: CsvMapping = { ...mapping };
    if (column) next[field] = column;
    else delete next[field];
    onChange(next);
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Columns</legend>
      <div className="grid max-h-56 gap-2 overflow-y-auto pr-1 sm:grid-cols-2">
        {CSV_FIELDS.map((field) => (
          <div key={field} className="grid grid-cols-[6.5rem_1fr] items-center gap-2">
            <Label htmlFor={`${ids}-${field}`} className="text-xs">
              {CSV_FIELD_LABELS[field]}
            </Label>
            <NativeSelect
              id={`${ids}-${field}`}
              value={mapping[field] ?? ""}
              onChange={(event) => set(field, event.target.value)}
            >
              <option value="">(not imported)</option>
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

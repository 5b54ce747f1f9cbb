import { BASELINE_NAME_MAX, baselineNameSchema } from "@core/schemas/baselines";
import { Save } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useSaveBaseline } from "@/entities/baseline/api/save-baseline";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";
import { nextBaselineName } from "./baseline-names";

export const BASELINE_SAVED = "Baseline saved";
export const BASELINE_NOT_SAVED = "Failed to save baseline";

type SaveBaselineButtonProps = {
  projectId: number;
  /** The names of the baselines saved, for the name offered ("Baseline", then "Baseline 1", ...). */
  takenNames: readonly string[];
};

/**
 * "Save baseline" (editors): asks for a name and saves every task's dates as they stand. A 12th
 * baseline is refused by the server, whose words the error toast shows.
 */
export function SaveBaselineButton({ projectId, takenNames }: SaveBaselineButtonProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const save = useSaveBaseline();
  const fieldId = useId();

  function openDialog() {
    setName(nextBaselineName(takenNames));
    setError(undefined);
    setOpen(true);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = baselineNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message.replace(/^name/, "The name"));
      return;
    }
    try {
      const saved = await save.mutateAsync({ projectId, name: parsed.data });
      toast({
        title: BASELINE_SAVED,
        description: `“${saved.name}” holds every task's dates as they are now.`,
      });
      setOpen(false);
    } catch (failure) {
      console.error("Failed to save baseline", failure);
      toast({ variant: "destructive", title: BASELINE_NOT_SAVED, description: errorMessage(failure) });
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={openDialog}>
        <Save aria-hidden />
        Save baseline
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Save baseline"
        description="Keeps every task's start, finish and duration as they are now, to compare the plan with later."
        onSubmit={(event) => void submit(event)}
        submitting={save.isPending}
        submitLabel="Save baseline"
        pendingLabel="Saving..."
      >
        <FormField id={fieldId} label="Baseline name" error={error}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={BASELINE_NAME_MAX}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
      </FormDialog>
    </>
  );
}

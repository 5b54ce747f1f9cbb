import type * as React from "react";
import { FormMessage } from "@/components/ui/form-message";
import { Label } from "@/components/ui/label";

/** What a field's control needs to be named by its label and described by its hint and error. */
type FieldControlProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

type FieldState = {
  /** The message shown under the control; none while the field is valid. */
  error?: string;
  /** Marks the control invalid; by default whenever there is an error to show. */
  invalid?: boolean;
  /** Whether a description is rendered under the control (its id is then `${id}-description`). */
  described?: boolean;
};

/** The id of the error message under the control whose id is given. */
export const fieldErrorId = (id: string) => `${id}-error`;

/** The id of the description under the control whose id is given. */
const fieldDescriptionId = (id: string) => `${id}-description`;

/**
 * The props that tie a control to its description and error: `aria-invalid` while invalid,
 * `aria-describedby` naming the description and the error shown. For a control whose label and
 * message cannot sit in a FormField (a row of other parts); FormField itself uses it.
 */
export function fieldControlProps(id: string, { error, invalid = Boolean(error), described }: FieldState) {
  const describedBy = [described && fieldDescriptionId(id), error && fieldErrorId(id)]
    .filter(Boolean)
    .join(" ");
  return {
    id,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } satisfies FieldControlProps;
}

type FormFieldProps = Omit<FieldState, "described"> & {
  /** The control's id; the description and error ids are made from it. */
  id: string;
  label: React.ReactNode;
  /** For a label that is there for assistive technology only: "sr-only". */
  labelClassName?: string;
  /**
   * A control at the end of the label's row (a Clear button). When given, even as false or null, the
   * label sits in a row of fixed height, so that fields side by side keep their controls in line.
   */
  labelAction?: React.ReactNode;
  /** A hint under the control, read with it by assistive technology. */
  description?: React.ReactNode;
  /** The field's wrapper; its spacing is "grid gap-2" by default. */
  className?: string;
  /** The control, given the id and aria props it must carry. */
  children: (control: FieldControlProps) => React.ReactNode;
};

/**
 * One form field: the label, the control (rendered by `children` with the props it must carry), an
 * optional description and the validation message (role alert) while there is one.
 *
 * @example
 * <FormField id={nameId} label="Name" error={errors.name?.message}>
 *   {(control) => <Input {...control} {...form.register("name")} />}
 * </FormField>
 */
export function FormField({
  id,
  label,
  labelClassName,
  labelAction,
  description,
  error,
  invalid,
  className = "grid gap-2",
  children,
}: FormFieldProps) {
  const described = Boolean(description);
  const labelElement = (
    <Label htmlFor={id} className={labelClassName}>
      {label}
    </Label>
  );
  return (
    <div className={className}>
      {labelAction === undefined ? (
        labelElement
      ) : (
        <div className="flex h-5 items-center justify-between gap-2">
          {labelElement}
          {labelAction}
        </div>
      )}
      {children(fieldControlProps(id, { error, invalid, described }))}
      {described && (
        <p id={fieldDescriptionId(id)} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      <FormMessage id={fieldErrorId(id)}>{error}</FormMessage>
    </div>
  );
}

import type { TaskDto } from "@core/schemas/projects";
import { taskFormSchema } from "@core/schemas/tasks";
import { taskDto, taskFormValues } from "@core/testing/dto-factories";
import { describe, expect, it } from "vitest";
import { fromDateInputValue } from "@/lib/task-dates";
import {
  emptyTaskFormValues,
  formStatus,
  formToChanges,
  formToCreateInput,
  rebaseFormValues,
  type TaskFormOutput,
  taskToFormValues,
} from "./task-form-values";

const task: TaskDto = taskDto({
  id: 5,
  projectId: 3,
  name: "Write copy",
  description: "Landing page",
  status: "todo",
  startDate: fromDateInputValue("2026-05-01"),
  dueDate: fromDateInputValue("2026-05-10"),
  categoryId: 8,
  positionX: 10,
  positionY: 20,
});

const parse = (values: unknown): TaskFormOutput => taskFormSchema.parse(values);

describe("task form values", () => {
  it("start a new task as not-started, with no category, assignee or dates", () => {
    expect(emptyTaskFormValues(3, false)).toEqual(taskFormValues({ name: "" }));
    expect(emptyTaskFormValues(null, true).projectId).toBe("");
  });

  it("read a task: todo as not-started, a completed task as completed, ids as strings", () => {
    const values = taskToFormValues(task, true);
    expect(values).toMatchObject({
      status: "not-started",
      projectId: "3",
      categoryId: "8",
      assigneeId: "none",
      startDate: "2026-05-01",
      dueDate: "2026-05-10",
      snoozeUntil: "",
    });
    expect(formStatus({ completed: true, status: "in-progress" })).toBe("completed");
  });

  it("build the create body with numbers, nulls and ISO dates", () => {
    const values = parse({
      ...emptyTaskFormValues(3, false),
      name: " New ",
      categoryId: "8",
      dueDate: "2026-05-10",
    });
    expect(formToCreateInput(values)).toEqual({
      name: "New",
      description: "",
      status: "not-started",
      categoryId: 8,
      assigneeId: null,
      startDate: null,
      snoozeUntil: null,
      dueDate: fromDateInputValue("2026-05-10"),
      duration: null,
      schedulingMode: "auto",
      constraintType: "ASAP",
      constraintDate: null,
      deadline: null,
      percentComplete: 0,
      actualStart: null,
      actualFinish: null,
    });
  });

  it("send a typed duration as whole days, a constraint as its type and day, and refuse a duration that is not", () => {
    const values = parse({
      ...taskToFormValues(task, true),
      duration: " 5 ",
      schedulingMode: "manual",
      constraintType: "SNLT",
      constraintDate: "2026-05-04",
      deadline: "2026-05-20",
    });
    expect(formToChanges(task, values)).toEqual({
      duration: 5,
      schedulingMode: "manual",
      constraintType: "SNLT",
      constraintDate: "2026-05-04",
      deadline: "2026-05-20",
    });
    for (const duration of ["-1", "2.5", "10001", "soon"]) {
      const result = taskFormSchema.safeParse({ ...taskToFormValues(task, true), duration });
      expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [["duration"], "Duration must be a whole number of working days from 0 to 10000."],
      ]);
    }
    expect(
      formToChanges({ ...task, duration: 5 }, parse({ ...taskToFormValues(task, true), duration: "" })),
    ).toEqual({
      duration: null,
    });
  });

  it("read a task's constraint and deadline, and send a new type alone when its date stays", () => {
    const constrained = {
      ...task,
      constraintType: "FNLT" as const,
      constraintDate: "2026-05-08",
      deadline: "2026-05-12",
    };
    const values = taskToFormValues(constrained, true);
    expect(values).toMatchObject({
      constraintType: "FNLT",
      constraintDate: "2026-05-08",
      deadline: "2026-05-12",
    });
    expect(formToChanges(constrained, parse({ ...values, constraintType: "MFO" }))).toEqual({
      constraintType: "MFO",
    });
    // As soon as possible takes no date: one left in the form is cleared, not sent.
    expect(formToChanges(constrained, parse({ ...values, constraintType: "ASAP" }))).toEqual({
      constraintType: "ASAP",
      constraintDate: null,
    });
    expect(
      formToCreateInput(parse({ ...emptyTaskFormValues(3, false), name: "A", constraintDate: "2026-05-08" })),
    ).toMatchObject({ constraintType: "ASAP", constraintDate: null });
  });

  it("refuse a dated constraint without its date, in resolveConstraint's words, on the date", () => {
    const result = taskFormSchema.safeParse({ ...taskToFormValues(task, true), constraintType: "SNLT" });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["constraintDate"], "constraintDate is required for a SNLT constraint."],
    ]);
  });

  it("send nothing when nothing changed", () => {
    expect(formToChanges(task, parse(taskToFormValues(task, true)))).toEqual({});
  });

  it("sends an auto-scheduled task's new start without the due date moved with it (its duration stays)", () => {
    const scheduled = { ...task, duration: 3 };
    const values = parse({
      ...taskToFormValues(scheduled, true),
      startDate: "2026-05-04",
      dueDate: "2026-05-13",
      constraintType: "SNET",
      constraintDate: "2026-05-04",
    });
    const changes = formToChanges(scheduled, values);
    expect(changes).toMatchObject({ constraintType: "SNET", constraintDate: "2026-05-04" });
    expect(changes.startDate).toBe(fromDateInputValue("2026-05-04"));
    expect("dueDate" in changes).toBe(false);
    // A due date alone still sets a new length; a manual task sends both.
    expect(
      "dueDate" in
        formToChanges(scheduled, parse({ ...taskToFormValues(scheduled, true), dueDate: "2026-05-13" })),
    ).toBe(true);
    const manual = { ...scheduled, schedulingMode: "manual" as const };
    expect(
      Object.keys(
        formToChanges(
          manual,
          parse({ ...taskToFormValues(manual, true), startDate: "2026-05-04", dueDate: "2026-05-13" }),
        ),
      ).sort(),
    ).toEqual(["dueDate", "startDate"]);
  });

  it("send only what changed", () => {
    const values = parse({
      ...taskToFormValues(task, true),
      name: "Write better copy",
      status: "in-progress",
      categoryId: "none",
      assigneeId: "4",
      dueDate: "",
      snoozeUntil: "2026-05-02",
    });
    expect(formToChanges(task, values)).toEqual({
      name: "Write better copy",
      status: "in-progress",
      categoryId: null,
      assigneeId: 4,
      dueDate: null,
      snoozeUntil: fromDateInputValue("2026-05-02"),
    });
  });

  it("move the task when another project is chosen", () => {
    const values = parse({ ...taskToFormValues(task, true), projectId: "9", categoryId: "none" });
    expect(formToChanges(task, values)).toEqual({ projectId: 9, categoryId: null });
  });

  it("carry the spec's messages through the shared schema", () => {
    const result = taskFormSchema.safeParse({ ...emptyTaskFormValues(null, true), name: " " });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(["Task name is required.", "Please select a project."]));
  });
});

describe("rebaseFormValues", () => {
  const theirs: TaskDto = {
    ...task,
    name: "Write the copy",
    description: "Landing page and emails",
    updatedAt: "2026-04-02T00:00:00.000Z",
  };

  it("takes the newer values of the fields the user left alone", () => {
    const mine = { ...taskToFormValues(task, false), status: "in-progress" as const };
    const { values, conflicts } = rebaseFormValues(task, theirs, mine, false);
    expect(values).toMatchObject({
      name: "Write the copy",
      description: "Landing page and emails",
      status: "in-progress",
    });
    expect(conflicts).toEqual([]);
  });

  it("keeps the user's value where both changed a field, and names it a conflict", () => {
    const mine = { ...taskToFormValues(task, false), name: "Write less copy" };
    const { values, conflicts } = rebaseFormValues(task, theirs, mine, false);
    expect(values.name).toBe("Write less copy");
    expect(values.description).toBe("Landing page and emails");
    expect(conflicts).toEqual(["name"]);
  });

  it("sees no conflict where both made the same change", () => {
    const mine = { ...taskToFormValues(task, false), name: "Write the copy" };
    expect(rebaseFormValues(task, theirs, mine, false).conflicts).toEqual([]);
  });

  it("compares dates as the days the inputs show", () => {
    const later = {
      ...task,
      dueDate: fromDateInputValue("2026-05-12"),
      updatedAt: "2026-04-03T00:00:00.000Z",
    };
    const mine = { ...taskToFormValues(task, false), dueDate: "2026-05-11" };
    const { values, conflicts } = rebaseFormValues(task, later, mine, false);
    expect(values.dueDate).toBe("2026-05-11");
    expect(conflicts).toEqual(["dueDate"]);
  });
});

describe("task form progress", () => {
  const started = taskDto({ id: 6, projectId: 3, percentComplete: 40, actualStart: "2026-05-04" });
  const issues = (values: unknown) =>
    taskFormSchema.safeParse(values).error?.issues.map(({ path, message }) => ({ path, message })) ?? [];

  it("reads and sends the percent and actual days, only what changed", () => {
    const values = taskToFormValues(started, false);
    expect(values).toMatchObject({ percentComplete: "40", actualStart: "2026-05-04", actualFinish: "" });
    expect(formToChanges(started, parse({ ...values, percentComplete: "55" }))).toEqual({
      percentComplete: 55,
    });
    expect(formToChanges(started, parse({ ...values, actualStart: "" }))).toEqual({ actualStart: null });
    expect(formToChanges(started, parse(values))).toEqual({});
  });

  it("starts a new task at 0 %, or 100 % in the Completed column", () => {
    expect(emptyTaskFormValues(3, false).percentComplete).toBe("0");
    expect(emptyTaskFormValues(3, false, "completed").percentComplete).toBe("100");
  });

  it("refuses what the server refuses, in its words", () => {
    expect(issues(taskFormValues({ percentComplete: "101" }))).toEqual([
      { path: ["percentComplete"], message: "percentComplete must be a whole number from 0 to 100." },
    ]);
    expect(issues(taskFormValues({ percentComplete: "4.5" }))[0].path).toEqual(["percentComplete"]);
    expect(issues(taskFormValues({ percentComplete: "50", actualFinish: "2026-05-08" }))).toEqual([
      {
        path: ["actualFinish"],
        message: "actualFinish can only be set on a completed task: set percentComplete to 100 too.",
      },
    ]);
    expect(
      issues(
        taskFormValues({
          status: "completed",
          percentComplete: "100",
          actualStart: "2026-05-08",
          actualFinish: "2026-05-04",
        }),
      ),
    ).toEqual([{ path: ["actualFinish"], message: "actualFinish must be on or after actualStart." }]);
    expect(issues(taskFormValues({ percentComplete: "", actualStart: "2026-05-04" }))).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { taskFormValues } from "../testing/dto-factories";
import {
  createTaskSchema,
  formIdToNumber,
  TASK_DATE_MESSAGES,
  taskDateProblems,
  taskFormSchema,
  updateTaskSchema,
} from "./tasks";

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("taskDateProblems", () => {
  it("passes dates in order and skips any rule with an empty date", () => {
    expect(
      taskDateProblems({ startDate: "2026-05-01", snoozeUntil: "2026-05-02", dueDate: "2026-05-03" }),
    ).toEqual([]);
    expect(taskDateProblems({ startDate: "2026-05-03", snoozeUntil: null, dueDate: "" })).toEqual([]);
    expect(taskDateProblems({ startDate: "2026-05-01", dueDate: "2026-05-01" })).toEqual([]);
  });

  it("names each broken rule on its field", () => {
    expect(taskDateProblems({ snoozeUntil: "2026-05-02", dueDate: "2026-05-01" })).toEqual([
      { field: "dueDate", message: TASK_DATE_MESSAGES.dueBeforeSnooze },
    ]);
    expect(taskDateProblems({ startDate: "2026-05-02", dueDate: "2026-05-01" })).toEqual([
      { field: "dueDate", message: "Due date must be on or after the start date." },
    ]);
    expect(taskDateProblems({ startDate: "2026-05-02", snoozeUntil: "2026-05-01" })).toEqual([
      { field: "snoozeUntil", message: "Snooze until date must be on or after the start date" },
    ]);
  });
});

describe("taskFormSchema", () => {
  it("accepts a named task with nothing else", () => {
    expect(taskFormSchema.safeParse(taskFormValues()).success).toBe(true);
  });

  it("requires a name", () => {
    expect(messagesOf(taskFormSchema.safeParse(taskFormValues({ name: "  " })))).toEqual([
      "name: Task name is required.",
    ]);
  });

  it("requires a project only when the selector is shown", () => {
    expect(
      messagesOf(taskFormSchema.safeParse(taskFormValues({ projectId: "none", requireProject: true }))),
    ).toEqual(["projectId: Please select a project."]);
    expect(taskFormSchema.safeParse(taskFormValues({ projectId: "none" })).success).toBe(true);
  });

  it("reports the date rules with the spec's words", () => {
    const result = taskFormSchema.safeParse(
      taskFormValues({ startDate: "2026-05-03", snoozeUntil: "2026-05-02", dueDate: "2026-05-01" }),
    );
    expect(messagesOf(result)).toEqual([
      "dueDate: Due date must be on or after the snooze until date",
      "dueDate: Due date must be on or after the start date.",
      "snoozeUntil: Snooze until date must be on or after the start date",
    ]);
  });
});

describe("createTaskSchema", () => {
  it("defaults status to not-started and description to empty, and parses dates", () => {
    const result = createTaskSchema.parse({ name: "Task 1", dueDate: "2026-05-01T10:00:00.000Z" });
    expect(result).toMatchObject({ name: "Task 1", status: "not-started", description: "" });
    expect(result.dueDate).toEqual(new Date("2026-05-01T10:00:00.000Z"));
  });

  it("accepts the legacy todo status that graph nodes get", () => {
    expect(createTaskSchema.parse({ name: "Task 2", status: "todo" }).status).toBe("todo");
  });

  it.each([
    [{ name: "x", dueDate: "tomorrow" }, "dueDate must be an ISO 8601 date or null."],
    [{ name: "x", dueDate: 5 }, "dueDate must be an ISO 8601 date or null."],
    [
      { name: "x", status: "done" },
      "status must be one of todo, not-started, in-progress, blocked, completed",
    ],
    [{ name: "x", positionX: Number.POSITIVE_INFINITY }, "positionX must be a number."],
    [{ name: "x", categoryId: "3" }, "categoryId must be a positive integer"],
    [{ name: "x".repeat(501) }, "Task name must be 500 characters or less."],
  ])("refuses %j: %s", (payload, message) => {
    const result = createTaskSchema.safeParse(payload);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });

  it("clears a date sent as an empty string", () => {
    expect(createTaskSchema.parse({ name: "x", snoozeUntil: "" }).snoozeUntil).toBeNull();
  });
});

describe("updateTaskSchema", () => {
  it("keeps only the fields sent", () => {
    expect(updateTaskSchema.parse({ completed: true })).toEqual({ completed: true });
  });

  it("still validates each field sent", () => {
    expect(updateTaskSchema.safeParse({ name: "" }).success).toBe(false);
    expect(updateTaskSchema.safeParse({ projectId: 0 }).success).toBe(false);
  });
});

describe("formIdToNumber", () => {
  it("turns 'none' and '' into null and digits into ids", () => {
    expect(formIdToNumber("none")).toBeNull();
    expect(formIdToNumber("")).toBeNull();
    expect(formIdToNumber("12")).toBe(12);
    expect(formIdToNumber("abc")).toBeNull();
  });
});

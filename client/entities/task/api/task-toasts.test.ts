import { describe, expect, it } from "vitest";
import { isMove, TASK_DIALOG_TOASTS, TASK_TOASTS, updateToast } from "./task-toasts";

describe("update toasts", () => {
  it("stay quiet for position and size changes only", () => {
    expect(updateToast({ positionX: 10, positionY: 20 }, 3)).toBeNull();
    expect(updateToast({ width: 200, height: 80 }, 3)).toBeNull();
    expect(updateToast({}, 3)).toBeNull();
  });

  it("say 'Task updated' for any other change, layout included or not", () => {
    expect(updateToast({ name: "Renamed" }, 3)).toEqual({
      title: "Task updated",
      description: "Task has been updated successfully",
    });
    expect(updateToast({ positionX: 1, completed: true }, 3)).toBe(TASK_TOASTS.updated);
    expect(updateToast({ projectId: 3, name: "Same project" }, 3)).toBe(TASK_TOASTS.updated);
  });

  it("say the task moved when its project changes", () => {
    expect(isMove({ projectId: 4 }, 3)).toBe(true);
    expect(isMove({ projectId: 3 }, 3)).toBe(false);
    expect(updateToast({ projectId: 4 }, 3)?.description).toBe("Task has been moved to another project");
  });

  it("name the task in the dialog's own words", () => {
    expect(TASK_DIALOG_TOASTS.updated("Write copy").description).toBe(
      '"Write copy" has been updated successfully',
    );
    expect(TASK_DIALOG_TOASTS.createdElsewhere("Write copy")).toEqual({
      title: "Task created",
      description: '"Write copy" has been added successfully',
    });
    expect(TASK_DIALOG_TOASTS.deleted("Write copy").description).toBe('"Write copy" has been removed');
  });
});

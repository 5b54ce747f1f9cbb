// The Gantt chart's task column keys, over rows marked as the chart marks them: the arrows, Home and
// End go to another row's same control, as in the list; a control that takes the arrows keeps them.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ganttRowKeys } from "./gantt-row-keys";

afterEach(cleanup);

function Rows() {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the rows' keys, caught as they bubble, as in the chart.
    <div onKeyDown={(event) => ganttRowKeys(event)}>
      {["Pack", "Move", "Unpack"].map((name, index) => (
        <div key={name} data-gantt-row={index + 1}>
          <button type="button" data-row-control="toggle">{`Toggle ${name}`}</button>
          <button
            type="button"
            aria-label={`Reorder ${name}`}
            onKeyDown={(event) => event.key.startsWith("Arrow") && event.preventDefault()}
          />
          <button type="button" data-row-control="open">
            {name}
          </button>
        </div>
      ))}
    </div>
  );
}

const focused = () =>
  document.activeElement?.textContent || document.activeElement?.getAttribute("aria-label");

describe("the Gantt chart's row keys", () => {
  it("moves between rows' names with the arrows, Home and End", () => {
    render(<Rows />);
    screen.getByText("Pack").focus();
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(focused()).toBe("Move");
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(focused()).toBe("Unpack");
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(focused()).toBe("Unpack");
    fireEvent.keyDown(document.activeElement as Element, { key: "Home" });
    expect(focused()).toBe("Pack");
    fireEvent.keyDown(document.activeElement as Element, { key: "End" });
    expect(focused()).toBe("Unpack");
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowUp" });
    expect(focused()).toBe("Move");
  });

  it("keeps to the same control, leaves a key a control took, and ignores modifiers", () => {
    render(<Rows />);
    screen.getByText("Toggle Pack").focus();
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(focused()).toBe("Toggle Move");
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown", ctrlKey: true });
    expect(focused()).toBe("Toggle Move");
    screen.getByLabelText("Reorder Pack").focus();
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(focused()).toBe("Reorder Pack");
  });
});

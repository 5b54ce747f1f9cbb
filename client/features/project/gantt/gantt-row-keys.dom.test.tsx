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
/** A key pressed where the focus is. */
const press = (key: string, modifiers: { ctrlKey?: boolean } = {}) =>
  fireEvent.keyDown(document.activeElement as Element, { key, ...modifiers });

describe("the Gantt chart's row keys", () => {
  it("moves between rows' names with the arrows, Home and End", () => {
    render(<Rows />);
    screen.getByText("Pack").focus();
    for (const [key, name] of [
      ["ArrowDown", "Move"],
      ["ArrowDown", "Unpack"],
      ["ArrowDown", "Unpack"],
      ["Home", "Pack"],
      ["End", "Unpack"],
      ["ArrowUp", "Move"],
    ]) {
      press(key);
      expect(focused()).toBe(name);
    }
  });

  it("keeps to the same control, leaves a key a control took, and ignores modifiers", () => {
    render(<Rows />);
    screen.getByText("Toggle Pack").focus();
    press("ArrowDown");
    expect(focused()).toBe("Toggle Move");
    press("ArrowDown", { ctrlKey: true });
    expect(focused()).toBe("Toggle Move");
    screen.getByLabelText("Reorder Pack").focus();
    press("ArrowDown");
    expect(focused()).toBe("Reorder Pack");
  });
});

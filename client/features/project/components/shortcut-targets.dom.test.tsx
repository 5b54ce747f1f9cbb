// What the single keys read from the page: the task the user is on, in each view's markup, and
// whether the keys are theirs (not while typing, not behind a dialog or menu).
import { afterEach, describe, expect, it } from "vitest";
import { keysBelongElsewhere, selectedTaskId, viewSearchBox } from "./shortcut-targets";

function page(html: string) {
  document.body.innerHTML = html;
}

const focus = (selector: string) => document.querySelector<HTMLElement>(selector)?.focus();

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the task the user is on", () => {
  it.each([
    ["a list row", '<ul><li data-task-row="7"><button data-row-control="open">A</button></li></ul>'],
    ["a Gantt row", '<div data-gantt-row="7"><button data-row-control="open">A</button></div>'],
    ["a Gantt bar", '<div data-gantt-bar="7"><button>A</button></div>'],
    ["a board card", '<div data-kanban-card="7" tabindex="0"><button>A</button></div>'],
    ["a phase card", '<div><button data-phase-card="7">A</button></div>'],
    ["a graph card", '<div data-graph-card="7"><button>A</button></div>'],
  ])("is the task of %s holding the focus", (_view, html) => {
    page(`${html}<button id="elsewhere">B</button>`);
    focus("button:not(#elsewhere)");
    expect(selectedTaskId(document)).toBe(7);
  });

  it("is the task of the graph's node wrapper holding the focus, its card inside it", () => {
    page('<div tabindex="0" id="wrapper"><div data-graph-card="8"><button>A</button></div></div>');
    focus("#wrapper");
    expect(selectedTaskId(document)).toBe(8);
  });

  it("is the graph's one selected card when the focus is elsewhere", () => {
    page('<div data-graph-card="12" data-graph-selected="true"></div><div data-graph-card="13"></div>');
    expect(selectedTaskId(document)).toBe(12);
    document.querySelector('[data-graph-card="13"]')?.setAttribute("data-graph-selected", "true");
    expect(selectedTaskId(document)).toBeNull();
  });

  it("is the one row chosen in the list or the Gantt chart", () => {
    page('<li data-task-row="4" data-selected="true"></li><li data-task-row="5"></li>');
    expect(selectedTaskId(document)).toBe(4);
    document.querySelector('[data-task-row="5"]')?.setAttribute("data-selected", "true");
    expect(selectedTaskId(document)).toBeNull();
    page('<div data-gantt-row="9" data-selected="true"></div>');
    expect(selectedTaskId(document)).toBe(9);
  });

  it("is none without focus, selection or choice", () => {
    page('<li data-task-row="4"></li><div data-graph-card="5"></div>');
    expect(selectedTaskId(document)).toBeNull();
  });
});

describe("whose turn the keys are", () => {
  it.each([
    ["an input", "<input id='field' />"],
    ["a text area", "<textarea id='field'></textarea>"],
    ["a select", "<select id='field'><option>a</option></select>"],
  ])("not the shortcuts' in %s", (_what, html) => {
    page(html);
    const field = document.getElementById("field");
    field?.focus();
    expect(keysBelongElsewhere(field, document)).toBe(true);
  });

  it("not the shortcuts' in an editable element", () => {
    page("<div id='field' contenteditable='true'></div>");
    const field = document.getElementById("field") as HTMLElement;
    // jsdom does not compute isContentEditable.
    Object.defineProperty(field, "isContentEditable", { value: true });
    expect(keysBelongElsewhere(field, document)).toBe(true);
  });

  it.each(["dialog", "alertdialog", "menu", "listbox"])("not the shortcuts' while a %s is open", (role) => {
    page(`<button id="b">B</button><div role="${role}"></div>`);
    expect(keysBelongElsewhere(document.getElementById("b"), document)).toBe(true);
  });

  it("the shortcuts' on the page otherwise", () => {
    page('<button id="b">B</button>');
    focus("#b");
    expect(keysBelongElsewhere(document.getElementById("b"), document)).toBe(false);
    expect(keysBelongElsewhere(document.body, document)).toBe(false);
  });
});

it("finds the open view's search box, not one elsewhere on the page", () => {
  page('<header><input type="search" id="palette" /></header><div data-project-view="graph"></div>');
  expect(viewSearchBox(document)).toBeNull();
  page('<div data-project-view="list"><input type="search" id="tasks" /></div>');
  expect(viewSearchBox(document)?.id).toBe("tasks");
});

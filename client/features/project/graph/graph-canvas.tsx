import type { TaskDto } from "@core/schemas/projects";
import {
  Background,
  type Connection,
  type DefaultEdgeOptions,
  type EdgeChange,
  type NodeChange,
  type NodeTypes,
  type OnBeforeDelete,
  type OnNodeDrag,
  ReactFlow,
  type ReactFlowState,
  useReactFlow,
  useStore,
} from "@xyflow/react";
import type * as React from "react";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { PROJECT_TASKS_ID } from "@/lib/skip-links";
import { useResolvedTheme } from "@/lib/theme/use-resolved-theme";
import { useIsMobile } from "@/lib/use-is-mobile";
import { CanvasMiniMap } from "./canvas-minimap";
import { arrowHead, type DependencyEdge, EDGE_COLOR, type GraphNode } from "./graph-elements";
import { GRAPH_ENGINE } from "./graph-engine";
import { ZoomControls } from "./graph-zoom-controls";
import { PlanCanvasLayer } from "./plan-canvas-layer";
import { drawsShapes } from "./plan-shapes";
import { SummaryFrame } from "./summary-frame";
import { TaskNode } from "./task-node";
import { useFitAsPlanGrows, useOpeningFit } from "./use-fit-as-plan-grows";
import { rendersVisibleOnly } from "./use-graph-elements";
import { useZoomFloor } from "./use-zoom-floor";

export type GraphMode = "select" | "node" | "connect";

const MULTI_SELECTION_KEY =
  typeof navigator !== "undefined" && /Mac|iPhone|iPad|iPod/.test(navigator.platform) ? "Meta" : "Control";
const NODE_TYPES: NodeTypes = { task: TaskNode, frame: SummaryFrame };
const DEFAULT_EDGE_OPTIONS: DefaultEdgeOptions = { markerEnd: arrowHead(EDGE_COLOR) };
const DELETE_KEYS = ["Backspace", "Delete"];
const NO_EDGES: DependencyEdge[] = [];
const zoomedOut = (state: ReactFlowState) => drawsShapes(state.transform[2]);
/** Arrow-key moves are saved once the keys rest this long. */
const KEYBOARD_MOVE_SAVE_DELAY = 500;

type GraphCanvasProps = {
  nodes: GraphNode[];
  edges: DependencyEdge[];
  onNodesChange: (changes: NodeChange<GraphNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<DependencyEdge>[]) => void;
  mode: GraphMode;
  canEdit: boolean;
  onAddTaskAt: (point: { x: number; y: number }) => void;
  onConnect: (connection: Connection) => void;
  onOpenTask: (task: TaskDto) => void;
  /** Cards moved (a drag, arrow keys): their positions are stored. */
  onSaveMoved: (nodes: readonly GraphNode[]) => void;
  /** Backspace or Delete: the view asks for confirmation and deletes through the API, never xyflow itself. */
  onDeleteKey: () => void;
  /** A double-clicked arrow standing for one dependency: it, to set its type and lag. */
  onOpenDependency: (dependencyId: number) => void;
};

/** The xyflow canvas with the spec's defaults, a grid background, the minimap and zoom controls. */
export function GraphCanvas({
  nodes,
  edges,
  onNodesChange,
  onEdgesChange,
  mode,
  canEdit,
  onAddTaskAt,
  onConnect,
  onOpenTask,
  onSaveMoved,
  onDeleteKey,
  onOpenDependency,
}: GraphCanvasProps) {
  const { screenToFlowPosition, getNodes } = useReactFlow<GraphNode, DependencyEdge>();
  const isMobile = useIsMobile();
  const minZoom = useZoomFloor(nodes);
  const fitting = useFitAsPlanGrows(nodes);
  const keyboardMoves = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(keyboardMoves.current), []);
  // Zoomed out on a big plan, xyflow keeps the cards hidden (with what it measured of them) and
  // draws no arrow: the canvas layer draws the plan. Above that zoom only the cards in view are drawn.
  const visibleOnly = rendersVisibleOnly(nodes.length);
  // A plan this small draws its cards at any zoom: they cost little, and keep every tool at hand.
  const shapes = useStore(zoomedOut) && visibleOnly;
  const fitted = useOpeningFit(nodes, visibleOnly);
  const hidden = shapes || !fitted;
  const flowNodes = useMemo(
    () => (hidden ? nodes.map((node) => ({ ...node, hidden: true })) : nodes),
    [hidden, nodes],
  );

  const handleNodesChange = useCallback(
    (changes: NodeChange<GraphNode>[]) => {
      onNodesChange(changes);
      // A drag's end is saved by onNodeDragStop; arrow keys move selected cards without a drag.
      if (changes.some((change) => change.type === "position" && change.dragging === false)) {
        clearTimeout(keyboardMoves.current);
        keyboardMoves.current = setTimeout(
          () => onSaveMoved(getNodes().filter((node) => node.selected)),
          KEYBOARD_MOVE_SAVE_DELAY,
        );
      }
    },
    [onNodesChange, onSaveMoved, getNodes],
  );

  const saveDragged = useCallback<OnNodeDrag<GraphNode>>(
    (_event, _node, dragged) => onSaveMoved(dragged),
    [onSaveMoved],
  );

  const addAtPoint = useCallback(
    (point: { x: number; y: number }) => {
      if (mode === "node") onAddTaskAt(point);
    },
    [mode, onAddTaskAt],
  );
  // Zoomed out, the canvas layer hit-tests clicks on the pane and adds tasks itself.
  const handlePaneClick = useCallback(
    (event: React.MouseEvent) => {
      if (!shapes) addAtPoint(screenToFlowPosition({ x: event.clientX, y: event.clientY }));
    },
    [shapes, addAtPoint, screenToFlowPosition],
  );

  const handleBeforeDelete = useCallback<OnBeforeDelete<GraphNode, DependencyEdge>>(async () => {
    onDeleteKey();
    return false;
  }, [onDeleteKey]);

  const colorMode = useResolvedTheme();

  return (
    <ReactFlow<GraphNode, DependencyEdge>
      id={PROJECT_TASKS_ID}
      className="graph-canvas"
      // xyflow's own parts (controls, attribution, selection box) in the theme's scheme.
      colorMode={colorMode}
      data-mode={mode}
      data-editable={canEdit}
      aria-label="Dependency graph"
      nodes={flowNodes}
      edges={hidden ? NO_EDGES : edges}
      nodeTypes={NODE_TYPES}
      defaultEdgeOptions={DEFAULT_EDGE_OPTIONS}
      onNodesChange={handleNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onNodeDoubleClick={(_event, node) => onOpenTask(node.data.task)}
      onEdgeDoubleClick={(_event, edge) =>
        edge.data?.dependencyIds.length === 1 && onOpenDependency(edge.data.dependencyId)
      }
      onNodeDragStop={saveDragged}
      onSelectionDragStop={(_event, dragged) => onSaveMoved(dragged)}
      onPaneClick={handlePaneClick}
      onMoveStart={fitting.onMoveStart}
      onBeforeDelete={handleBeforeDelete}
      nodesDraggable={canEdit && mode !== "connect"}
      // In connect mode a member without rights may drag, and is refused with a 'Permission denied' toast.
      nodesConnectable={canEdit || mode === "connect"}
      elementsSelectable
      onlyRenderVisibleElements={visibleOnly}
      minZoom={minZoom}
      maxZoom={GRAPH_ENGINE.maxZoom}
      snapToGrid
      snapGrid={GRAPH_ENGINE.snapGrid}
      // A big plan is fitted on opening by useOpeningFit, its cards hidden until then.
      fitView={!visibleOnly}
      fitViewOptions={GRAPH_ENGINE.fitViewOptions}
      // Delete works as Backspace does: both ask before deleting the selection.
      deleteKeyCode={DELETE_KEYS}
      selectionKeyCode="Shift"
      panActivationKeyCode="Space"
      multiSelectionKeyCode={MULTI_SELECTION_KEY}
      connectionRadius={GRAPH_ENGINE.connectionRadius}
      zoomOnDoubleClick={false}
    >
      <Background gap={GRAPH_ENGINE.backgroundGap} />
      {shapes && (
        <PlanCanvasLayer
          nodes={nodes}
          edges={edges}
          onNodesChange={onNodesChange}
          onEmptyClick={addAtPoint}
        />
      )}
      {/* 200 by 150 would cover half a phone's canvas: the minimap shows from 768 px up. */}
      {!isMobile && <CanvasMiniMap {...GRAPH_ENGINE.minimap} ariaLabel="Minimap" />}
      <ZoomControls onChosen={fitting.onZoomChosen} />
    </ReactFlow>
  );
}

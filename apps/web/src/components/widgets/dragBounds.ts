// Keeps a dragged dialog inside the window: the offset may move the box only as far as its edges
// meet the window's edges.

export interface Offset {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The offset for a drag, given the offset and box when the drag began, how far the pointer moved,
 * and the window size. A box larger than the window keeps its top-left corner visible.
 */
export function clampOffset(start: Offset, box: Box, delta: Offset, viewport: { width: number; height: number }): Offset {
  const minX = start.x - box.left;
  const maxX = Math.max(minX, start.x + (viewport.width - box.right));
  const minY = start.y - box.top;
  const maxY = Math.max(minY, start.y + (viewport.height - box.bottom));
  return {
    x: Math.min(maxX, Math.max(minX, start.x + delta.x)),
    y: Math.min(maxY, Math.max(minY, start.y + delta.y)),
  };
}

export { HazardRegionEditor, type HazardRegionDraft, type HazardRegionEditorProps, type DrawTool } from './HazardRegionEditor';
export { RegionShape, type RegionShapeProps } from './RegionShape';
export * from './geometry';

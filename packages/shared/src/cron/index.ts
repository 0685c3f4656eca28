export * from './fields';
export * from './model';
export * from './parse';
export * from './format';
export * from './schedule';
export * from './bounds';
export * from './editorState';

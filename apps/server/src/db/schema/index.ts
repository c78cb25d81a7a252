export * from './ai';
export * from './billing';
export * from './files';
export * from './identity';
export * from './plans';

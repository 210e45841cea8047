export * from './answerChecks';
export * from './conditions';
export * from './questions';
export * from './textRule';
export * from './versionChanges';

// Imported first by the bench entry points: the functions' logger reads LOG_LEVEL when its module is
// evaluated, which is before the entry point's own code runs.
process.env.LOG_LEVEL = 'silent';

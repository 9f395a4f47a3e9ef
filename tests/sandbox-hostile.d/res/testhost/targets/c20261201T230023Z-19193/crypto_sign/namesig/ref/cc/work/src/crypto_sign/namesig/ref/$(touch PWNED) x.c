int namesig_extra(void);
int namesig_extra(void) { return 1; }

#include <stdio.h>
int main(void){puts("ok");return 0;}

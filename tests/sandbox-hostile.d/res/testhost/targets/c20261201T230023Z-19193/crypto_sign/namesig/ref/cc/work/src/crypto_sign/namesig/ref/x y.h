/* x y.h - a header whose name has a space */

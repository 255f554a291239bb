/* libyaml (libyaml-dev): the event parser. */
#include <yaml.h>

"""Go Fish's table: a deck of standard playing cards on the framework's card layer."""

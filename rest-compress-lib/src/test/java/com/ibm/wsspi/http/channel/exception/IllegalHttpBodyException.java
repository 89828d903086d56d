package com.ibm.wsspi.http.channel.exception;

import java.io.IOException;

/**
 * Stands for Open Liberty's exception of this name in unit tests: its HTTP channel throws it from the
 * request stream for a body it could not inflate, and the library recognises it by its name
 * ({@code ContainerInflationTest}; {@code LibertyContractIT} meets the real one).
 */
public class IllegalHttpBodyException extends IOException {
    private static final long serialVersionUID = 1L;

    public IllegalHttpBodyException(String message) {
        super(message);
    }
}
